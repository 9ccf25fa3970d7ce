import jsQR from 'jsqr';
import { PNG } from 'pngjs';

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
