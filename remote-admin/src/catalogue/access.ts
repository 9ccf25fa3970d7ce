export const ACCESS_LABELS = { FREE: 'Grátis para membros', SUBSCRIBERS: 'Assinantes', CREDITS: 'Créditos' } as const;

/** Short, for a table cell: "Grátis", "Assinantes", or "3 créditos" for an item unlocked with credits. */
export function accessText(row: { access: keyof typeof ACCESS_LABELS; creditCost: number }): string {
  if (row.access === 'FREE') return 'Grátis';
  if (row.access !== 'CREDITS') return ACCESS_LABELS[row.access];
  return `${row.creditCost} ${row.creditCost === 1 ? 'crédito' : 'créditos'}`;
}
