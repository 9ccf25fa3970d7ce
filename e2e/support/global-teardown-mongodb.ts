export default async function globalTeardown(): Promise<void> {
  await globalThis.__CLUBE_STACK__?.stop();
  const ferretdb = globalThis.__CLUBE_FERRETDB__;
  if (ferretdb && ferretdb.exitCode === null) {
    await new Promise<void>((resolve) => {
      ferretdb.once('exit', () => resolve());
      ferretdb.kill('SIGTERM'); // scripts/ferretdb.mjs stops the server and removes its folder
    });
  }
}
