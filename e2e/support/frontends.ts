import './env';
import type { FrontendName } from './env';
import net from 'node:net';

// CommonJS helpers shared with `npm start`: one static server per frontend, each on its own port.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { serveFrontend } = require('../../scripts/serve-static.cjs') as {
  serveFrontend(name: string): Promise<{ url: string; close(): Promise<void> }>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { FRONTENDS, portOf } = require('../../scripts/frontends.cjs') as {
  FRONTENDS: Record<string, { dir: string; port: number }>;
  portOf(name: string): number;
};

export type { FrontendName } from './env';

/** The production builds served as separate deployments, each of which a test may stop or replace. */
export class Frontends {
  private readonly running = new Map<FrontendName, { close(): Promise<void> }>();

  readonly shellUrl = `http://localhost:${portOf('shell')}`;

  async startAll(): Promise<void> {
    for (const name of Object.keys(FRONTENDS) as FrontendName[]) await this.start(name);
  }

  async start(name: FrontendName): Promise<void> {
    if (this.running.has(name)) return;
    this.running.set(name, await serveFrontend(name));
  }

  async stop(name: FrontendName): Promise<void> {
    await this.running.get(name)?.close();
    this.running.delete(name);
  }

  /** Replaces a remote's server with one that accepts connections and never answers. */
  async hang(name: FrontendName): Promise<void> {
    await this.stop(name);
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(portOf(name), '0.0.0.0', resolve));
    this.running.set(name, {
      close: () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => resolve());
        }),
    });
  }

  async stopAll(): Promise<void> {
    for (const name of [...this.running.keys()]) await this.stop(name);
  }
}

/**
 * A page's HTML as the shell's server sends it once `ready(html)` holds. The server embeds an API
 * answer, or paints a page's first view, only when it comes in time (a cold API, a renderer just
 * loaded, a busy machine) and keeps what came late for the next requests (serve-static.cjs
 * apiReads, renderedView): the page is asked for again, every 100 ms for up to `withinMs`. The last
 * response is returned either way; the caller asserts what it needs of it.
 */
export async function pageWhen(url: string, ready: (html: string) => boolean, withinMs = 30000): Promise<string> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const html = await (await fetch(url)).text();
    if (ready(html) || Date.now() > deadline) return html;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
