const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** `R$ 1.234,56` (a non-breaking space keeps "R$" with its number). The API sends amounts in cents. */
export function formatMoney(cents: number): string {
  return BRL.format(cents / 100);
}

export function Money({ cents, className }: { cents: number; className?: string }) {
  return (
    <data className={className} value={(cents / 100).toFixed(2)}>
      {formatMoney(cents)}
    </data>
  );
}
