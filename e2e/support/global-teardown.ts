export default async function globalTeardown(): Promise<void> {
  await globalThis.__CLUBE_STACK__?.stop();
}
