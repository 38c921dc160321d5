// The listing parameters shared by the endpoints and the CLI export.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_LIMIT, parseConversationQuery, parseFeedbackQuery, QueryError } from '../../src/analytics/index.js';

const problems = (run: () => unknown): string[] => {
  try {
    run();
  } catch (error) {
    if (error instanceof QueryError) return error.problems;
    throw error;
  }
  throw new Error('no QueryError');
};

describe('parseConversationQuery', () => {
  it('defaults the limit and leaves the rest unset', () => {
    expect(parseConversationQuery(new URLSearchParams())).toEqual({ limit: DEFAULT_PAGE_LIMIT });
    expect(DEFAULT_PAGE_LIMIT).toBe(100);
  });

  it('parses every parameter', () => {
    const query = parseConversationQuery(
      new URLSearchParams({ dateFrom: '2025-01-01', dateTo: '2025-02-01T00:00:00Z', limit: '1000', cursor: '01arz3ndektsv4rrffq69g5fav' }),
    );
    expect(query).toEqual({
      dateFrom: new Date('2025-01-01T00:00:00Z'),
      dateTo: new Date('2025-02-01T00:00:00Z'),
      limit: 1000,
      cursor: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
    });
  });

  it('names problems with the caller’s labels', () => {
    expect(problems(() => parseConversationQuery(new URLSearchParams({ dateFrom: 'x' }), { dateFrom: '--from' }))[0]).toMatch(/^--from must be/);
    expect(
      problems(() => parseConversationQuery(new URLSearchParams({ dateFrom: '2025-02-01', dateTo: '2025-01-01' }), { dateFrom: '--from', dateTo: '--to' }))[0],
    ).toMatch(/^--from .* is after --to/);
  });

  it('reports unknown, repeated and invalid parameters together', () => {
    const found = problems(() => parseConversationQuery(new URLSearchParams('limit=1&limit=2&x=1&cursor=nope')));
    expect(found).toHaveLength(3);
  });
});

describe('parseFeedbackQuery', () => {
  it('adds the source and status filters', () => {
    expect(parseFeedbackQuery(new URLSearchParams({ source: 'agent', status: 'open' }))).toEqual({ limit: 100, source: 'agent', status: 'open' });
    expect(problems(() => parseFeedbackQuery(new URLSearchParams({ source: 'human' })))[0]).toMatch(/source must be one of agent, widget/);
  });
});
