/** Bench baseline: a bare Fastify hello-world in its own process (port from BENCH_PORT). */
import Fastify from 'fastify';

async function main() {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`ready ${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

void main();
