import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDevMailServer, type DevMailServer } from '../../scripts/dev-mail-server';

const API_DIR = path.resolve(__dirname, '../..');

/** An API process; resolves once it printed `ready` (and what it wrote before). */
function startProcess(env: Record<string, string>): Promise<{ child: ChildProcess; output: string }> {
  return new Promise((resolve, reject) => {
    // Node itself with tsx's loader: SIGKILL reaches the process that holds the data (no wrapper in between).
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'crash-child.ts')], { cwd: API_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve({ child, output });
    });
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`o processo saiu (${code}): ${errors}`)));
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

let inbox: DevMailServer;
let dataDir: string;
let holding = true;
let held = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'clube-kill9-'));
  // While `holding`, the SMTP server takes the message but never answers: the sender is mid-send when it is killed.
  inbox = await startDevMailServer({
    httpPort: null,
    hold: () => {
      if (holding) held += 1;
      return holding;
    },
  });
});

afterAll(async () => {
  await inbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('Kill -9', () => {
  test('When the API is killed (SIGKILL) after a message job is written and while it is being sent, then after a restart the message arrives exactly once', async () => {
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${inbox.smtpPort}`,
      JOBS_POLL_MS: '100',
      JOBS_LEASE_MS: '1000',
      JOBS_RETRY_BASE_MS: '200',
    };
    // First process: writes the job, starts sending it (the server holds the message) and is killed mid-send.
    const first = await startProcess({ ...env, ENQUEUE: 'kill9@lab.test' });
    expect(first.output).toMatch(/written [0-9a-f]{24}/);
    const deadline = Date.now() + 60_000;
    while (held === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held).toBe(1);
    await killed(first.child);
    holding = false;
    expect(inbox.messages().filter((m) => m.to.includes('kill9@lab.test'))).toHaveLength(0);

    // Restart: once the dead process's lease has passed, the job is taken over and leaves once.
    const second = await startProcess(env);
    try {
      await inbox.waitFor((m) => m.to.includes('kill9@lab.test'), 1, 60_000);
      // Give the runner time to (wrongly) send it again.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(inbox.messages().filter((m) => m.to.includes('kill9@lab.test'))).toHaveLength(1);
    } finally {
      await killed(second.child);
    }
  }, 180_000);
});
