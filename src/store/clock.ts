// The store's notion of "now", injectable so tests can step over expiry times and throttles.

/** Returns the current time in epoch milliseconds. */
export type Clock = () => number;

/** The system clock. */
export const systemClock: Clock = () => Date.now();

/** ISO 8601 UTC with milliseconds, the one timestamp format the store returns. */
export function isoOf(ms: number): string {
  return new Date(ms).toISOString();
}
