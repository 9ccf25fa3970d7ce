import { formatCnpj as formatStoredCnpj, normalizeCnpj } from '@clube/documents/cnpj';

/** How the API writes money, dates and CNPJs in Portuguese text (messages, CSV files, PDFs). */

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const DATE = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });

/** "R$ 89,90" (with a plain space, so messages compare and wrap normally). */
export function formatBrl(cents: number): string {
  return BRL.format(cents / 100).replace(/\s/g, ' ');
}

/** DD/MM/YYYY in Brasília time. */
export function formatDate(date: Date): string {
  return DATE.format(date);
}

/** 12.345.678/0001-90 or 12.ABC.345/01DE-35 from the 14 characters stored (anything else is shown as stored). */
export function formatCnpj(cnpj: string): string {
  return normalizeCnpj(cnpj).length === 14 ? formatStoredCnpj(cnpj) : cnpj;
}

/**
 * Time watched as a person reads it, rounded honestly: under a minute in seconds ("8 s"), then to
 * the nearest minute ("12 min", "1 h 05 min", "2 h"). Never a fraction of an hour that a short
 * video did not take (an 8-second video is "8 s", not "0,1 h").
 */
export function formatWatchTime(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total} s`;
  const minutes = Math.round(total / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')} min`;
}
