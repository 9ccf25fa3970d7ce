import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header the gateway signs each webhook with: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-clube-signature';

export function signWebhookBody(rawBody: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Constant-time comparison over the exact bytes received (re-serialised JSON would not match). */
export function isValidWebhookSignature(rawBody: string | Buffer, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secret));
  const received = Buffer.from(header.trim());
  return received.length === expected.length && timingSafeEqual(received, expected);
}
