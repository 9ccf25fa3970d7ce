/**
 * A regular expression that matches `text` literally (never as a pattern), for filters that look
 * for what a person typed: every character with a meaning in a pattern is escaped.
 */
export function literalPattern(text: string, flags?: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'), flags);
}
