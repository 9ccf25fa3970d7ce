import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, REPO_ROOT } from './config';
import { runSeedSteps } from './seed/seed';
import { collectStartupGarbage } from './startup-gc';

const CLOSE_GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig(process.env, { defaultDataDir: path.join(REPO_ROOT, '.data', 'db') });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`A API não foi iniciada: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });
  await app.ready();
  if (process.env.SEED_DEMO === '1') {
    const result = await runSeedSteps(app);
    app.log.info(result, 'demo data ready');
  }
  // What compiling the routes left behind slows the first requests down: collected before serving.
  collectStartupGarbage();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    const timer = setTimeout(() => {
      app.log.error('graceful close took too long; exiting');
      process.exit(1);
    }, CLOSE_GRACE_MS);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `API do Clube em http://${shownHost}:${port}/v1 (dados: ${app.dataBackend}${config.dataDir ? ` em ${config.dataDir}` : ''}; documentação: /v1/docs)`,
  );
}

main().catch((error: unknown) => {
  console.error('A API não pôde iniciar:', error instanceof Error ? error.message : error);
  process.exit(1);
});
