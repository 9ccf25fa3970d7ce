import { crc16CcittFalse } from '../../src/plugins/payment-gateway/crc16';
import { buildDynamicPixPayload } from '../../src/plugins/payment-gateway/pix-br-code';

/** An EMV TLV reader written for the test, independent of the builder. */
function parseTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let position = 0;
  while (position < text.length) {
    const id = text.slice(position, position + 2);
    const length = Number(text.slice(position + 2, position + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) throw new Error(`TLV inválido na posição ${position}`);
    const value = text.slice(position + 4, position + 4 + length);
    if (value.length !== length) throw new Error(`campo ${id} truncado`);
    fields.set(id, value);
    position += 4 + length;
  }
  return fields;
}

/** Bit-by-bit CRC16/CCITT-FALSE straight from its definition, to cross-check the table-free routine. */
function referenceCrc(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    for (let bit = 7; bit >= 0; bit -= 1) {
      const inBit = (byte >> bit) & 1;
      const top = (crc >> 15) & 1;
      crc = (crc << 1) & 0xffff;
      if (top ^ inBit) crc ^= 0x1021;
    }
  }
  return crc;
}

describe('CRC16/CCITT-FALSE', () => {
  test('When the check string "123456789" is hashed, then the catalogue value 0x29B1 comes out', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
  });

  test('When an empty input is hashed, then the init value 0xFFFF comes out; other inputs match a bitwise reference', () => {
    expect(crc16CcittFalse('')).toBe(0xffff);
    for (const sample of ['A', '000201', 'br.gov.bcb.pix', 'São Paulo ☕']) expect(crc16CcittFalse(sample)).toBe(referenceCrc(sample));
  });

  test('When a published BR Code example is checked, then its CRC field matches', () => {
    // Static PIX example circulated with the Banco Central manual (key 123e4567-e12b-12d1-a456-426655440000).
    const example =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
    expect(crc16CcittFalse(example.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0')).toBe('1D3D');
  });
});

describe('PIX copia e cola (EMV BR Code) as the stand-in PSP answers it', () => {
  const location = 'pix.banco.com.br/qr/v2/cob/0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d';
  const payload = buildDynamicPixPayload({
    location,
    merchantName: 'Clube de Laboratórios Análises Clínicas Ltda',
    merchantCity: 'São José dos Campos',
    amountCents: 23990,
  });

  test('When the payload is decoded field by field, then every mandatory field is there with the right value', () => {
    const fields = parseTlv(payload);
    expect([...fields.keys()]).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    const account = parseTlv(fields.get('26')!);
    expect(account.get('00')).toBe('br.gov.bcb.pix');
    // A dynamic code: the charge's location instead of the key; the txid is read from it ("***").
    expect(account.get('25')).toBe(location);
    expect(account.has('01')).toBe(false);
    expect(fields.get('52')).toBe('0000');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('239.90');
    expect(fields.get('58')).toBe('BR');
    // Plain ASCII, at most 25 and 15 characters.
    expect(fields.get('59')).toBe('CLUBE DE LABORATORIOS ANA');
    expect(fields.get('60')).toBe('SAO JOSE DOS CA');
    expect(parseTlv(fields.get('62')!).get('05')).toBe('***');
  });

  test('When the CRC is recomputed over everything up to "6304", then it equals field 63', () => {
    const crcField = payload.slice(-4);
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(referenceCrc(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0')).toBe(crcField);
    const tampered = payload.replace('239.90', '239.91');
    expect(referenceCrc(tampered.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0')).not.toBe(tampered.slice(-4));
  });

  test('When the amount or location is invalid, then the payload is refused; without an amount the payer types it', () => {
    const base = { location, merchantName: 'Clube', merchantCity: 'Sao Paulo' };
    expect(() => buildDynamicPixPayload({ ...base, amountCents: 0 })).toThrow();
    expect(() => buildDynamicPixPayload({ ...base, amountCents: 12.5 })).toThrow();
    expect(() => buildDynamicPixPayload({ ...base, amountCents: 100, location: `pix.banco.com.br/${'a'.repeat(90)}` })).toThrow(/excede 99 caracteres/);
    expect(parseTlv(buildDynamicPixPayload({ ...base, amountCents: 5 })).get('54')).toBe('0.05');
    expect(parseTlv(buildDynamicPixPayload(base)).has('54')).toBe(false);
  });
});
