export function creditsWords(credits: number): string {
  return credits === 1 ? '1 crédito' : `${credits} créditos`;
}
