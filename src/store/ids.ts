// Row ids: ULIDs, monotonic per clock, so (timestamp, id) of new rows only ever grows.
import { decodeTime, monotonicFactory, type ULIDFactory } from 'ulid';
import type { Clock } from './clock.js';

const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
/** One monotonic generator per clock: the system clock's is shared by every store in the process. */
const generators = new WeakMap<Clock, ULIDFactory>();

/**
 * A new ULID for a row created now and the millisecond it encodes. If the clock went back, the
 * id keeps the previous millisecond and increments, so store the returned `at` as the row's
 * time: a row's timestamp and id then always agree and both grow.
 */
export function newRowId(clock: Clock): { id: string; at: number } {
  let next = generators.get(clock);
  if (!next) {
    next = monotonicFactory();
    generators.set(clock, next);
  }
  const id = next(clock());
  return { id, at: decodeTime(id) };
}

/** The canonical (upper-case) form of a ULID, or undefined when `value` is not one. */
export function canonicalUlid(value: string): string | undefined {
  const upper = value.toUpperCase();
  return ULID.test(upper) ? upper : undefined;
}
