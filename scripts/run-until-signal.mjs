/** Keeps a server started from the command line alive until Ctrl-C (SIGINT) or SIGTERM, then stops it and exits. */
export function runUntilSignal(stop) {
  const shutdown = async () => {
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  setInterval(() => {}, 1 << 30);
}
