// GET /v1/analytics/{projectId}/feedback: REFERENCE.md fields, source and status filters, keyset pages like conversations.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Feedback } from '../../src/store/index.js';
import { forEachEngine } from './engines.js';
import { startApi, type ApiServer } from './api-server.js';

const FEEDBACK = '/v1/analytics/acme/feedback';

forEachEngine('Analytics feedback endpoint', (target) => {
  let api: ApiServer;
  let admin: string;
  const added: Feedback[] = [];

  beforeAll(async () => {
    api = await startApi(target);
    admin = (await api.store.createApiKey({ kind: 'admin' })).key;
    for (let i = 0; i < 25; i += 1) {
      added.push(
        await api.store.addFeedback({
          projectId: 'acme',
          path: `/guides/page-${i}`,
          comment: `Outdated, see "step ${i}"`,
          source: i % 3 === 0 ? 'widget' : 'agent',
          helpful: i % 6 === 0,
        }),
      );
    }
    await api.store.addFeedback({ projectId: 'other', path: '/x', comment: 'not ours', source: 'agent', helpful: false });
    for (const item of added.filter((_, i) => i % 4 === 0))
      await api.store.setFeedbackStatus({ projectId: 'acme', id: item.id, status: 'resolved', changedBy: 'olive' });
  });
  afterAll(async () => {
    await api?.close();
    await target.dispose();
  });

  /** Every row of a listing, following cursors. */
  async function all(query: string): Promise<Feedback[]> {
    const rows: Feedback[] = [];
    let cursor: string | null = null;
    do {
      const response: { status: number; body: any } = await api.get(`${FEEDBACK}?${query}${cursor ? `&cursor=${cursor}` : ''}`, admin);
      expect(response.status).toBe(200);
      rows.push(...response.body.feedback);
      cursor = response.body.nextCursor;
      expect(response.body.hasMore).toBe(cursor !== null);
    } while (cursor);
    return rows;
  }

  it('lists feedback newest first with exactly the fields id, path, comment, createdAt, source, status, helpful', async () => {
    const response = await api.get(FEEDBACK, admin);
    expect(response.status).toBe(200);
    expect(response.body.hasMore).toBe(false);
    const rows: Feedback[] = response.body.feedback;
    expect(rows.map((f) => f.id)).toEqual([...added].reverse().map((f) => f.id));
    expect(Object.keys(rows[0]!).sort()).toEqual(['comment', 'createdAt', 'helpful', 'id', 'path', 'source', 'status']);
    expect(rows.at(-1)).toEqual({ ...added[0], status: 'resolved' });
  });

  it('filters by source and status, together and while paging', async () => {
    const widget = await all('source=widget&limit=3');
    expect(widget.map((f) => f.id)).toEqual(
      added
        .filter((_, i) => i % 3 === 0)
        .reverse()
        .map((f) => f.id),
    );
    const resolved = await all('status=resolved&limit=2');
    expect(resolved.map((f) => f.id)).toEqual(
      added
        .filter((_, i) => i % 4 === 0)
        .reverse()
        .map((f) => f.id),
    );
    const both = await all('source=widget&status=resolved');
    expect(both.map((f) => f.id)).toEqual(
      added
        .filter((_, i) => i % 12 === 0)
        .reverse()
        .map((f) => f.id),
    );
    expect(await all('status=dismissed')).toEqual([]);
  });

  it('pages every row exactly once and honours the date bounds', async () => {
    const rows = await all('limit=4');
    expect(rows.map((f) => f.id)).toEqual([...added].reverse().map((f) => f.id));
    const middle = added[10]!.createdAt;
    const before = await all(`dateTo=${encodeURIComponent(middle)}`);
    expect(before.every((f) => f.createdAt < middle)).toBe(true);
    const after = await all(`dateFrom=${encodeURIComponent(middle)}`);
    expect(after.every((f) => f.createdAt >= middle)).toBe(true);
    expect(before.length + after.length).toBe(25);
  });
});
