import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import relativeTime from 'dayjs/plugin/relativeTime';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);
dayjs.locale('pt-br');

export type DateInput = string | number | Date | dayjs.Dayjs;

/** `DD/MM/YYYY`, the format every date in the product is shown in. */
export const DATE_FORMAT = 'DD/MM/YYYY';

export function formatDate(value: DateInput): string {
  return dayjs(value).format(DATE_FORMAT);
}

export function formatDateTime(value: DateInput): string {
  return dayjs(value).format(`${DATE_FORMAT} [às] HH:mm`);
}

/** e.g. "sábado, 22 de novembro de 2026". */
export function formatLongDate(value: DateInput): string {
  return dayjs(value).format('dddd, D [de] MMMM [de] YYYY');
}

/** e.g. "há 3 dias", "em 2 meses". `now` is injectable for tests. */
export function formatRelative(value: DateInput, now: DateInput = new Date()): string {
  return dayjs(value).from(dayjs(now));
}

export { dayjs };
