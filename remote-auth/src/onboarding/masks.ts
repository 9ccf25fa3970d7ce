/** Input masks: each takes whatever was typed or pasted and returns the formatted value so far. */

export function onlyDigits(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** 00.000.000/0000-00 */
export function maskCnpj(value: string): string {
  const d = onlyDigits(value, 14);
  if (d.length <= 2) return d;
  if (d.length <= 5) return `${d.slice(0, 2)}.${d.slice(2)}`;
  if (d.length <= 8) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5)}`;
  if (d.length <= 12) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8)}`;
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/** (11) 3456-7890 for landlines, (11) 98765-4321 for mobiles. */
export function maskPhone(value: string): string {
  const d = onlyDigits(value, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const split = d.length === 11 ? 7 : 6;
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, split)}-${d.slice(split)}`;
}

/** 00000-000 */
export function maskCep(value: string): string {
  const d = onlyDigits(value, 8);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}
