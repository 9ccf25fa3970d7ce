/**
 * CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor): the checksum the
 * Banco Central's BR Code manual prescribes for field 63 of a PIX payload.
 */
export function crc16CcittFalse(input: string | Uint8Array): number {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** The four upper-case hex digits written in field 63. */
export function crc16Hex(input: string): string {
  return crc16CcittFalse(input).toString(16).toUpperCase().padStart(4, '0');
}
