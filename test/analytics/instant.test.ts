// parseInstant: the date formats of the analytics API, in UTC, calendar-checked.
import { describe, expect, it } from 'vitest';
import { parseInstant } from '../../src/analytics/index.js';

const iso = (text: string) => parseInstant(text)?.toISOString();

describe('parseInstant', () => {
  it('reads YYYY-MM-DD as midnight UTC', () => {
    expect(iso('2025-01-31')).toBe('2025-01-31T00:00:00.000Z');
    expect(iso('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
  });

  it('reads ISO 8601 date-times with Z, offsets, or no zone (UTC)', () => {
    expect(iso('2025-01-31T09:30:00Z')).toBe('2025-01-31T09:30:00.000Z');
    expect(iso('2025-01-31T09:30:00.123Z')).toBe('2025-01-31T09:30:00.123Z');
    expect(iso('2025-01-31T09:30Z')).toBe('2025-01-31T09:30:00.000Z');
    expect(iso('2025-01-31T09:30:00')).toBe('2025-01-31T09:30:00.000Z');
    expect(iso('2025-01-31T11:30:00+02:00')).toBe('2025-01-31T09:30:00.000Z');
    expect(iso('2025-01-31T04:00:00-0530')).toBe('2025-01-31T09:30:00.000Z');
    expect(iso('2025-01-31T10:30:00+01')).toBe('2025-01-31T09:30:00.000Z');
    expect(iso('2025-01-31t09:30:00z')).toBe('2025-01-31T09:30:00.000Z');
  });

  it('rounds fractions finer than a millisecond up, exactly', () => {
    expect(iso('2025-01-31T09:30:00.1Z')).toBe('2025-01-31T09:30:00.100Z');
    expect(iso('2025-01-31T09:30:00.123000Z')).toBe('2025-01-31T09:30:00.123Z');
    expect(iso('2025-01-31T09:30:00.123001Z')).toBe('2025-01-31T09:30:00.124Z');
    expect(iso('2025-01-31T09:30:00.9999Z')).toBe('2025-01-31T09:30:01.000Z');
  });

  it('keeps years before 100 as they are', () => {
    expect(parseInstant('0042-06-01')?.getUTCFullYear()).toBe(42);
  });

  it.each([
    '',
    'yesterday',
    '2025-1-31',
    '2025-02-30',
    '2023-02-29',
    '2025-13-01',
    '2025-00-10',
    '2025-01-31T24:00:00Z',
    '2025-01-31T09:60:00Z',
    '2025-01-31T09:30:60Z',
    '2025-01-31T09:30:00+24:00',
    '2025-01-31T09:30:00+02:60',
    '2025-01-31 09:30:00',
    '2025-01-31T09',
    '31/01/2025',
    '1738315800000',
    ' 2025-01-31',
    '2025-01-31Z',
  ])('rejects %j', (text) => {
    expect(parseInstant(text)).toBeUndefined();
  });
});
