// A local SMTP server (smtp-server, from the nodemailer project) and an inbox page listing what
// arrived: `npm start` runs it (SMTP on 1025, inbox on http://localhost:8025) and the API tests
// send through it and read the parsed messages (mailparser).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface InboxMessage {
  id: number;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  date: string;
  messageId: string;
  /** Headers a test may check (e.g. `list-unsubscribe`), lower-case names. */
  headers: Record<string, string>;
  attachments: { filename: string; contentId: string | null; contentType: string; size: number }[];
}

export interface DevMailServer {
  smtpPort: number;
  httpPort: number;
  /** Newest first. */
  messages(): InboxMessage[];
  /** Waits until `count` messages match (default: one), or fails after `timeoutMs`. */
  waitFor(match: (message: InboxMessage) => boolean, count?: number, timeoutMs?: number): Promise<InboxMessage[]>;
  clear(): void;
  close(): Promise<void>;
}

export interface DevMailServerOptions {
  host?: string;
  /** 0: any free port. */
  smtpPort?: number;
  /** 0: any free port; null: no inbox page. */
  httpPort?: number | null;
  /** Refuse every message with this SMTP error (tests of a provider that is down). */
  refuse?: () => boolean;
  /** Take the message and never answer (tests of a sender killed mid-send). */
  hold?: () => boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function inboxPage(messages: InboxMessage[]): string {
  const rows = messages
    .map(
      (message) =>
        `<article><h2>${escapeHtml(message.subject)}</h2><p><b>Para:</b> ${escapeHtml(message.to.join(', '))} · ${escapeHtml(new Date(message.date).toLocaleString('pt-BR'))}</p>` +
        `<details><summary>Texto</summary><pre>${escapeHtml(message.text)}</pre></details>` +
        `<iframe sandbox title="${escapeHtml(message.subject)}" srcdoc="${escapeHtml(message.html)}"></iframe></article>`,
    )
    .join('');
  return (
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    '<title>Caixa de entrada de desenvolvimento — Clube</title><style>body{font-family:sans-serif;max-width:900px;margin:auto;padding:16px}' +
    'article{border:1px solid #ccc;border-radius:6px;padding:12px;margin:12px 0}iframe{width:100%;height:420px;border:0}pre{white-space:pre-wrap}</style></head>' +
    `<body><h1>Caixa de entrada de desenvolvimento</h1><p>${messages.length} mensagem(ns). JSON em <a href="/api/messages">/api/messages</a>.</p>${rows || '<p>Nenhuma mensagem ainda.</p>'}</body></html>`
  );
}

export async function startDevMailServer(options: DevMailServerOptions = {}): Promise<DevMailServer> {
  const host = options.host ?? '127.0.0.1';
  const inbox: InboxMessage[] = [];
  let nextId = 1;
  const waiters = new Set<() => void>();

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (options.hold?.()) {
        stream.resume();
        return;
      }
      if (options.refuse?.()) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Serviço indisponível (teste)'), { responseCode: 421 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((address) => address.value.map((entry) => entry.address ?? ''));
          const headers: Record<string, string> = {};
          for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
          inbox.unshift({
            id: nextId++,
            to,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: (parsed.date ?? new Date()).toISOString(),
            messageId: parsed.messageId ?? '',
            headers,
            attachments: parsed.attachments.map((attachment) => ({
              filename: attachment.filename ?? '',
              contentId: attachment.contentId ?? null,
              contentType: attachment.contentType,
              size: attachment.size,
            })),
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.on('error', reject);
    smtp.listen(options.smtpPort ?? 0, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  let http: Server | null = null;
  let httpPort = 0;
  if (options.httpPort !== null) {
    http = createServer((request, response) => {
      if (request.url === '/api/messages') {
        const body = inbox.map(({ to, subject, text, html, date, attachments, messageId }) => ({ to, subject, text, html, date, messageId, attachments: attachments.map((a) => a.filename) }));
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
      } else if (request.url === '/' || request.url === '/index.html') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(inboxPage(inbox));
      } else {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Não encontrado');
      }
    });
    await new Promise<void>((resolve, reject) => {
      http!.once('error', reject);
      http!.listen(options.httpPort ?? 0, host, () => resolve());
    });
    httpPort = (http.address() as AddressInfo).port;
  }

  return {
    smtpPort,
    httpPort,
    messages: () => [...inbox],
    clear: () => void inbox.splice(0),
    waitFor(match, count = 1, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = inbox.filter(match);
          if (found.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Caixa de entrada: esperava ${count} mensagem(ns); chegaram ${inbox.filter(match).length}.`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (http) await new Promise<void>((resolve) => http!.close(() => resolve()));
    },
  };
}

if (require.main === module) {
  const smtpPort = Number(process.env.DEV_SMTP_PORT ?? 1025);
  const httpPort = Number(process.env.DEV_INBOX_PORT ?? 8025);
  startDevMailServer({ host: process.env.DEV_MAIL_HOST ?? '127.0.0.1', smtpPort, httpPort })
    .then((server) => {
      console.log(`Servidor SMTP de desenvolvimento em smtp://127.0.0.1:${server.smtpPort}; caixa de entrada em http://localhost:${server.httpPort}`);
      const stop = () => void server.close().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    })
    .catch((error: Error) => {
      console.error(`Não foi possível iniciar o servidor de e-mail de desenvolvimento: ${error.message}`);
      process.exit(1);
    });
}
