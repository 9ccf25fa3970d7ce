import { readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { E2E_PORTS } from './env';

/** One EMV field: id (2 digits), length (2 digits), value. */
export type EmvFields = Map<string, string>;

/** Parses EMV "TLV" text (BR Code): every field is `id(2) length(2) value(length)`; anything else throws. */
export function parseEmv(text: string): EmvFields {
  const fields: EmvFields = new Map();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4)) || at + 4 + length > text.length) throw new Error(`campo EMV malformado em ${at}: ${text.slice(at)}`);
    fields.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as the BR Code's field 63 holds it: 4 hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The text a QR code PNG (a data URL) encodes, read by jsQR. */
export function decodeQrDataUrl(dataUrl: string): string | null {
  const base64 = dataUrl.replace(/^data:image\/png;base64,/, '');
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/**
 * Reads a recurrence back from the stand-in PSP the API started (`GET /rec/{idRec}`, API Pix
 * 2.9.0), as the bank holds it: over mutual TLS with the club's client certificate (the files the
 * stand-in made in the suite's data root, E2E_PIX_STAND_IN_DIR) and an OAuth2 token with `rec.read`.
 */
export async function standInRecurrence(idRec: string): Promise<{ idRec: string; status: string }> {
  const dir = process.env.E2E_PIX_STAND_IN_DIR;
  if (!dir) throw new Error('E2E_PIX_STAND_IN_DIR não definida (a pilha do teste não subiu o PSP substituto)');
  const tls = { ca: readFileSync(path.join(dir, 'ca.pem')), cert: readFileSync(path.join(dir, 'clube.pem')), key: readFileSync(path.join(dir, 'clube-key.pem')) };
  const call = (method: string, pathname: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const request = https.request({ host: '127.0.0.1', port: E2E_PORTS.pixStandIn, method, path: pathname, headers, ...tls }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown }));
      });
      request.on('error', reject);
      request.end(body);
    });
  // The stand-in's OAuth2 client (development only; payment-gateway-plugin.ts).
  const basic = Buffer.from('clube-stand-in:clube-stand-in-secret').toString('base64');
  const token = await call('POST', '/oauth/token', { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=client_credentials&scope=rec.read');
  if (token.status !== 200) throw new Error(`o PSP substituto recusou o token: ${token.status}`);
  const answer = await call('GET', `/rec/${encodeURIComponent(idRec)}`, { authorization: `Bearer ${(token.body as { access_token: string }).access_token}` });
  if (answer.status !== 200) throw new Error(`GET /rec/${idRec} no PSP substituto: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { idRec: string; status: string };
}
