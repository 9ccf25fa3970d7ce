import { MAX_SEATS } from '@clube/kit/ui/seats-input';

/** The problem with a typed number of seats, if any (the API takes an integer from 1 to 100). */
export function seatsProblem(value: string): string | undefined {
  if (!/^\d+$/.test(value.trim())) return 'Informe o número de assentos (de 1 a 100).';
  const seats = Number(value);
  return seats >= 1 && seats <= MAX_SEATS ? undefined : 'O número de assentos vai de 1 a 100.';
}
