import { formatDate, formatDateTime, formatLongDate, formatRelative } from '../dates';

describe('dates in pt-BR', () => {
  it('When a date is formatted, then it reads DD/MM/YYYY', () => {
    expect(formatDate('2026-03-05T12:00:00')).toBe('05/03/2026');
    expect(formatDate(new Date(2026, 11, 31, 12))).toBe('31/12/2026');
  });

  it('When a long date is formatted, then day and month names are Portuguese', () => {
    expect(formatLongDate('2026-11-22T12:00:00')).toBe('domingo, 22 de novembro de 2026');
  });

  it('When a date and time is formatted, then it reads "DD/MM/YYYY às HH:mm"', () => {
    expect(formatDateTime('2026-01-02T09:05:00')).toBe('02/01/2026 às 09:05');
  });

  it('When a relative time is formatted, then it uses Portuguese phrases', () => {
    const now = new Date('2026-11-22T12:00:00');
    expect(formatRelative('2026-11-19T12:00:00', now)).toBe('há 3 dias');
    expect(formatRelative('2027-01-22T12:00:00', now)).toBe('em 2 meses');
  });
});
