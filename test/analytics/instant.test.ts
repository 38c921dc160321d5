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

  it('reads the basic format of dates and times, alone or mixed with the extended one', () => {
    expect(iso('20250131')).toBe('2025-01-31T00:00:00.000Z');
    expect(iso('20250131T093000Z')).toBe('2025-01-31T09:30:00.000Z');
    expect(iso('20250131T0930+0100')).toBe('2025-01-31T08:30:00.000Z');
    expect(iso('20250131T093000.5-05')).toBe('2025-01-31T14:30:00.500Z');
    expect(iso('20250131T09:30:00Z')).toBe('2025-01-31T09:30:00.000Z');
  });

  it('reads ordinal dates: the day of the year', () => {
    expect(iso('2025-031')).toBe('2025-01-31T00:00:00.000Z');
    expect(iso('2025031T0930Z')).toBe('2025-01-31T09:30:00.000Z');
    expect(iso('2024-366')).toBe('2024-12-31T00:00:00.000Z');
    expect(iso('2025-365')).toBe('2025-12-31T00:00:00.000Z');
  });

  it('reads ISO week dates, and a week alone as its Monday', () => {
    expect(iso('2025-W05-5')).toBe('2025-01-31T00:00:00.000Z');
    expect(iso('2025W055')).toBe('2025-01-31T00:00:00.000Z');
    expect(iso('2025-W02')).toBe('2025-01-06T00:00:00.000Z');
    expect(iso('2025W02')).toBe('2025-01-06T00:00:00.000Z');
    // Week 1 holds January 4, so it may start in December and a year's last week may end in January.
    expect(iso('2025-W01-1')).toBe('2024-12-30T00:00:00.000Z');
    expect(iso('2020-W53-7')).toBe('2021-01-03T00:00:00.000Z');
    expect(iso('2026-W53')).toBe('2026-12-28T00:00:00.000Z');
    expect(iso('2025-W05-5T09:30:00+02:00')).toBe('2025-01-31T07:30:00.000Z');
  });

  it('reads dates reduced to a month or a year as their first day', () => {
    expect(iso('2025-02')).toBe('2025-02-01T00:00:00.000Z');
    expect(iso('2025')).toBe('2025-01-01T00:00:00.000Z');
  });

  it('reads times reduced to hours or minutes, with a fraction on the last part', () => {
    expect(iso('2025-01-31T09')).toBe('2025-01-31T09:00:00.000Z');
    expect(iso('2025-01-31T09Z')).toBe('2025-01-31T09:00:00.000Z');
    expect(iso('2025-01-31T09.5Z')).toBe('2025-01-31T09:30:00.000Z');
    expect(iso('2025-01-31T09:30,25Z')).toBe('2025-01-31T09:30:15.000Z');
    expect(iso('2025-01-31T0930.5Z')).toBe('2025-01-31T09:30:30.000Z');
  });

  it('rounds fractions finer than a millisecond up, exactly', () => {
    expect(iso('2025-01-31T09:30:00.1Z')).toBe('2025-01-31T09:30:00.100Z');
    expect(iso('2025-01-31T09:30:00.123000Z')).toBe('2025-01-31T09:30:00.123Z');
    expect(iso('2025-01-31T09:30:00.123001Z')).toBe('2025-01-31T09:30:00.124Z');
    expect(iso('2025-01-31T09:30:00.9999Z')).toBe('2025-01-31T09:30:01.000Z');
    // A third of an hour is 1,200,000 ms exactly; 0.333333333 h is 1,199,999.9988 ms.
    expect(iso('2025-01-31T09.333333333Z')).toBe('2025-01-31T09:20:00.000Z');
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
    '31/01/2025',
    '2025-0131',
    '202501',
    '20250',
    '2025-1',
    '+02025-01-31',
    '2025-000',
    '2025-366',
    '2024-367',
    '2025-W00',
    '2025-W53',
    '2026-W54',
    '2025-W05-0',
    '2025-W05-8',
    '2025-W5',
    '2025-01T09:30Z',
    '2025T09Z',
    '2025-W05T09Z',
    '2025-01-31T',
    '2025-01-31TZ',
    '2025-01-31T09:30:00T',
    '2025-01-31T093',
    '2025-01-31T09:3',
    '2025-01-31T09:30:00.Z',
    '2025-01-31T09:30:00.1234567890Z',
    '2025-01-31T09:30:00+1',
    '2025-01-31T09:30:00+01:0',
    '1738315800000',
    ' 2025-01-31',
    '2025-01-31Z',
  ])('rejects %j', (text) => {
    expect(parseInstant(text)).toBeUndefined();
  });
});
