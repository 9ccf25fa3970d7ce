// One API process for kill-9.test.ts: the whole app on the embedded store in DATA_DIR, its job
// runner polling; with ENQUEUE set it writes one invitation e-mail job first and says so on stdout.
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';

async function main(): Promise<void> {
  const app = await buildApp({ config: loadConfig(), logger: false });
  await app.ready();
  if (process.env.ENQUEUE) {
    const { job } = await app.mail.send({
      template: 'team-invitation',
      to: process.env.ENQUEUE,
      eventKey: 'kill-9',
      data: { laboratoryName: 'Lab Ômega', invitedBy: 'Ana Souza', link: 'https://clube.test/equipe/convite/kill-9', expiresAt: '2026-06-08T15:00:00.000Z' },
    });
    process.stdout.write(`written ${job._id.toHexString()}\n`);
  }
  process.stdout.write('ready\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
