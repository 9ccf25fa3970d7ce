/**
 * LGPD erasure of a person on the records the laboratory keeps (signed records, audit trail): every
 * name the person was known by, wherever a text repeats it, becomes `replacement`. Longer names
 * first, so "Ana Lima Souza" is not left as "Pessoa excluída (LGPD) Souza" by a shorter "Ana Lima".
 */
export function withoutNames(text: string, names: readonly string[], replacement: string): string {
  const distinct = [...new Set(names.map((name) => name.trim()).filter((name) => name.length > 1))].sort((a, b) => b.length - a.length);
  return distinct.reduce((result, name) => result.split(name).join(replacement), text);
}
