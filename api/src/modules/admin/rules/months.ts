/** Revenue months are calendar months in Brazil's time, as the admin reads them. */
export const METRICS_TIMEZONE = 'America/Sao_Paulo';
export const REVENUE_MONTHS = 12;

/** "2026-03" for a date, in the metrics time zone. */
export function monthKey(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: METRICS_TIMEZONE, year: 'numeric', month: '2-digit' }).formatToParts(date);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)!.value;
  return `${part('year')}-${part('month')}`;
}

/** The twelve month keys ending with the month of `last`, oldest first. */
export function lastMonths(last: Date, count = REVENUE_MONTHS): string[] {
  const [year, month] = monthKey(last).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const offset = month - 1 - (count - 1 - index);
    const y = year + Math.floor(offset / 12);
    const m = ((offset % 12) + 12) % 12;
    return `${y}-${String(m + 1).padStart(2, '0')}`;
  });
}

/** Midnight (Brazil) of the first day of a month key; Brazil has had no DST since 2019 (UTC−3). */
export function monthStart(key: string): Date {
  return new Date(`${key}-01T03:00:00.000Z`);
}
