/**
 * Search is case- and accent-insensitive by comparing folded text: lower case, diacritics removed
 * ("Calibração" → "calibracao"), whitespace collapsed. Items keep their folded text, computed when
 * they are written, so a search never folds the catalogue again.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Words too common in Portuguese to tell items apart; dropped unless the query has nothing else. */
const STOP_WORDS = new Set(['a', 'o', 'as', 'os', 'e', 'de', 'da', 'do', 'das', 'dos', 'em', 'na', 'no', 'nas', 'nos', 'um', 'uma', 'para', 'por', 'com', 'que']);
export const MAX_TERMS = 8;

/**
 * The words of a query, folded, each matched literally (never a pattern): punctuation around a
 * word is dropped ("calibração," → "calibracao"), punctuation inside it is kept as typed.
 */
export function searchTerms(query: string): string[] {
  const words = foldText(query)
    .split(' ')
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') || word)
    .filter(Boolean);
  const unique = [...new Set(words)];
  const meaningful = unique.filter((word) => !STOP_WORDS.has(word));
  return (meaningful.length ? meaningful : unique).slice(0, MAX_TERMS);
}
