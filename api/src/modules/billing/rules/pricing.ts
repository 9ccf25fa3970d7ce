/** Seats of a subscription or invoice (documents written before laboratory accounts have none: 1). */
export function seatsOf(document: { seats?: number | undefined } | null | undefined): number {
  return document?.seats ?? 1;
}
