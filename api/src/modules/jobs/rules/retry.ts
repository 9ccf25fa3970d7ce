/**
 * A failure no retry can fix (e.g. a template that does not render, an address the server
 * refuses for good): the job is DEAD at once instead of after every attempt.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/**
 * Wait before the next run after `attempts` failed runs: `baseMs`, then doubled each time, never
 * more than `maxMs`.
 */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  const exponent = Math.max(0, attempts - 1);
  // 2^31 already exceeds any sane maximum; keeps the arithmetic finite.
  const delay = baseMs * 2 ** Math.min(exponent, 31);
  return Math.min(delay, maxMs);
}

/** The error as stored on the job (`lastError`): its message, bounded. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > 1000 ? `${text.slice(0, 997)}...` : text;
}
