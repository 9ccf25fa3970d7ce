import { INBOX_URL } from './stack';

/** One message as the dev inbox's JSON lists it (api/scripts/dev-mail-server.ts). */
export interface InboxMessage {
  to: string[];
  subject: string;
  text: string;
  /** As mailparser gives it: inline images (`cid:`) are in place as data URLs. */
  html: string;
  date: string;
  messageId: string;
  /** The attachments' file names. */
  attachments: string[];
}

/** Everything the stack's SMTP server received, newest first. */
export async function inboxMessages(): Promise<InboxMessage[]> {
  const response = await fetch(`${INBOX_URL}/api/messages`);
  if (!response.ok) throw new Error(`a caixa de entrada respondeu ${response.status}`);
  return (await response.json()) as InboxMessage[];
}

/**
 * Waits until the messages to `to` whose subject starts with `subject` number `count` (the API's job
 * runner sends them on its own), and answers them, newest first.
 */
export async function waitForMail(to: string, subject: string, count = 1, timeoutMs = 20000): Promise<InboxMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await inboxMessages()).filter((message) => message.to.includes(to) && message.subject.startsWith(subject));
    if (found.length >= count || Date.now() > deadline) {
      if (found.length < count) throw new Error(`Caixa de entrada: esperava ${count} mensagem(ns) "${subject}…" para ${to}; chegaram ${found.length}.`);
      return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
