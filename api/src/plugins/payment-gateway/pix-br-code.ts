import { crc16Hex } from './crc16';

/**
 * PIX "copia e cola": an EMV QRCPS Merchant-Presented payload as the Banco Central's BR Code
 * manual defines it. Each field is ID (2 digits) + length (2 digits) + value; field 63 closes
 * it with the CRC16 of everything before, including "6304".
 */
export interface PixChargeInput {
  /** The receiver's PIX key (e-mail, CPF/CNPJ, phone or random key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  amountCents: number;
  /** Identifies the charge in the receiver's bank: 1–25 letters and digits. */
  txid: string;
  /** Optional text shown to the payer (field 26-02). */
  description?: string;
}

/**
 * A dynamic BR Code (an API Pix charge): field 26-25 carries the charge's location (the PSP's URL
 * without "https://") instead of the key, and field 62-05 is "***" (the txid is read from the
 * location). The amount (54) is optional in a dynamic code; the stand-in writes it, as most banks do.
 */
export function buildDynamicPixPayload(input: { location: string; merchantName: string; merchantCity: string; amountCents?: number; recurrenceLocation?: string }): string {
  // Pix Automático's composite QR (JORNADA_3) adds field 80: the recurrence's location (`/locrec`).
  const recurrence = input.recurrenceLocation ? field('80', field('00', PIX_GUI) + field('25', input.recurrenceLocation)) : '';
  return closePayload(field('26', field('00', PIX_GUI) + field('25', input.location)), input.amountCents ?? null, input, '***', recurrence);
}

export const PIX_GUI = 'br.gov.bcb.pix';
const MERCHANT_NAME_MAX = 25;
const MERCHANT_CITY_MAX = 15;
const TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`campo ${id} do BR Code excede 99 caracteres`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Banks read name and city as plain ASCII upper case; accents and symbols are dropped. */
export function toBrCodeText(text: string, maxLength: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, maxLength)
    .trim();
}

export function formatAmount(amountCents: number): string {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new Error('valor do PIX deve ser um inteiro positivo de centavos');
  return (amountCents / 100).toFixed(2);
}

export function buildPixPayload(input: PixChargeInput): string {
  if (!TXID_PATTERN.test(input.txid)) throw new Error('txid do PIX deve ter de 1 a 25 letras ou dígitos');
  const description = input.description ? toBrCodeText(input.description, 40) : '';
  const merchantAccount =
    field('00', PIX_GUI) + field('01', input.key) + (description ? field('02', description) : '');
  return closePayload(field('26', merchantAccount), input.amountCents, input, input.txid);
}

function closePayload(merchantAccount: string, amountCents: number | null, merchant: { merchantName: string; merchantCity: string }, txid: string, templates = ''): string {
  const withoutCrc =
    field('00', '01') + // payload format indicator
    field('01', '12') + // point of initiation: 12 = this QR is for one payment
    merchantAccount +
    field('52', '0000') + // merchant category code (not informed)
    field('53', '986') + // BRL
    (amountCents === null ? '' : field('54', formatAmount(amountCents))) +
    field('58', 'BR') +
    field('59', toBrCodeText(merchant.merchantName, MERCHANT_NAME_MAX) || 'CLUBE') +
    field('60', toBrCodeText(merchant.merchantCity, MERCHANT_CITY_MAX) || 'SAO PAULO') +
    field('62', field('05', txid)) +
    templates + // 80–99: unreserved templates, in order of ID
    '6304';
  return withoutCrc + crc16Hex(withoutCrc);
}
