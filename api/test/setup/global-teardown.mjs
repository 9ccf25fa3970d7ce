export default async function globalTeardown() {
  await globalThis.__clubeApiEmulator?.stop();
}
