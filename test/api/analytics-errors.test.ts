// GET /v1/analytics/*: every 400 case, 401/403/404/405, and storage failures answered without leaking anything.
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StoreUnavailableError, type Store } from '../../src/store/index.js';
import { forEachEngine } from './engines.js';
import { recordingLogger, startApi, type ApiServer } from './api-server.js';

const LIST = '/v1/analytics/acme/assistant';
const FEEDBACK = '/v1/analytics/acme/feedback';

/** Each invalid query string and a word its 400 details must contain. */
const INVALID: [string, RegExp][] = [
  ['limit=abc', /limit must be a whole number from 1 to 1000/],
  ['limit=0', /limit/],
  ['limit=1001', /limit/],
  ['limit=-1', /limit/],
  ['limit=1.5', /limit/],
  ['limit=1e2', /limit/],
  ['limit=', /limit/],
  ['limit=%2010', /limit/],
  ['limit=99999999999999999999', /limit/],
  ['dateFrom=yesterday', /dateFrom must be an ISO 8601/],
  ['dateFrom=2025-13-01', /dateFrom/],
  ['dateFrom=2025-02-30', /dateFrom/],
  ['dateTo=2025-01-01T24:00:00Z', /dateTo/],
  ['dateTo=2025-01-01T10:00:00%2B25:00', /dateTo/],
  ['dateTo=01/02/2025', /dateTo/],
  ['dateTo=', /dateTo/],
  ['dateFrom=2025-02-01&dateTo=2025-01-01', /dateFrom \(2025-02-01T00:00:00.000Z\) is after dateTo/],
  ['cursor=abc', /cursor must be a ULID/],
  ['cursor=8ZZZZZZZZZZZZZZZZZZZZZZZZZ', /cursor must be a ULID/],
  ['cursor=01ARZ3NDEKTSV4RRFFQ69G5FAVX', /cursor must be a ULID/],
  [`cursor=${ulid()}`, /cursor does not match/],
  ['foo=1', /Unknown parameter "foo"/],
  ['Limit=10', /Unknown parameter "Limit"/],
  ['limit=10&limit=20', /limit is given 2 times/],
];

forEachEngine('Analytics export errors', (target) => {
  let api: ApiServer;
  let admin: string;
  let assistant: string;

  beforeAll(async () => {
    api = await startApi(target);
    admin = (await api.store.createApiKey({ kind: 'admin' })).key;
    assistant = (await api.store.createApiKey({ kind: 'assistant' })).key;
  });
  afterAll(async () => {
    await api?.close();
    await target.dispose();
  });

  it.each(INVALID)('answers 400 with details for ?%s', async (query, message) => {
    for (const path of [LIST, FEEDBACK]) {
      const response = await api.get(`${path}?${query}`, admin);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Invalid query parameters.');
      expect(response.body.details.length).toBeGreaterThan(0);
      expect(response.body.details.map((d: { message: string }) => d.message).join(' ')).toMatch(message);
    }
  });

  it('lists every problem at once', async () => {
    const response = await api.get(`${LIST}?limit=0&dateFrom=x&cursor=y&extra=1`, admin);
    expect(response.status).toBe(400);
    expect(response.body.details).toHaveLength(4);
  });

  it('answers 400 for feedback filters that do not exist', async () => {
    for (const query of ['source=human', 'status=closed', 'source=']) {
      const response = await api.get(`${FEEDBACK}?${query}`, admin);
      expect(response.status).toBe(400);
      expect(response.body.details[0].message).toMatch(/must be one of/);
    }
    // A filter of the feedback listing is an unknown parameter of the conversations listing.
    expect((await api.get(`${LIST}?source=agent`, admin)).status).toBe(400);
  });

  it('accepts every valid form', async () => {
    for (const query of [
      '',
      'limit=1',
      'limit=1000',
      'dateFrom=2025-01-01',
      'dateTo=2025-01-01T10:00:00Z',
      'dateFrom=2025-01-01T10:00:00.123%2B05:30',
      'dateFrom=2025-01-01T10:00',
      'dateFrom=2025-01-01&dateTo=2025-01-01',
    ]) {
      expect((await api.get(`${LIST}?${query}`, admin)).status, query).toBe(200);
    }
  });

  it('answers 401 without a key, 403 for an assistant key, 404 for another project or path, 405 for another method', async () => {
    expect((await api.get(LIST)).status).toBe(401);
    expect((await api.get(LIST, assistant)).status).toBe(403);
    const other = await api.get('/v1/analytics/not-acme/assistant', admin);
    expect(other.status).toBe(404);
    expect(other.body.error).toMatch(/not-acme/);
    expect((await api.get('/v1/analytics/acme/conversations', admin)).status).toBe(404);
    expect((await api.get('/v1/analytics', admin)).status).toBe(404);
    const post = await api.request('POST', LIST, { key: admin, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    // Authentication comes first: an unknown project is not revealed to a caller without a key.
    expect((await api.get('/v1/analytics/not-acme/assistant')).status).toBe(401);
  });

  describe('when the store fails', () => {
    let failing: ApiServer;
    let inner: Store;
    const logs = recordingLogger();
    let failure: Error = new Error('x');

    beforeAll(async () => {
      inner = await openStore(api.storeOptions);
      // The real store, except that listing throws what the test sets.
      const store = new Proxy(inner, {
        get: (target, name) => (name === 'listConversations' || name === 'listFeedback' ? () => Promise.reject(failure) : Reflect.get(target, name)),
      });
      failing = await startApi(target, { store, storeOptions: api.storeOptions, logger: logs.logger });
    });
    afterAll(() => failing?.close());

    it('answers 500 with the error body and nothing of the cause', async () => {
      failure = new Error('connect to db.internal:5432 failed: relation "conversations" is missing');
      for (const path of [LIST, FEEDBACK]) {
        const response = await failing.get(path, admin);
        expect(response.status).toBe(500);
        expect(response.body).toEqual({ error: 'Internal server error.' });
        expect(JSON.stringify(response.body)).not.toMatch(/db\.internal|relation/);
      }
      // The failure is logged for the operator; the key never is.
      expect(logs.text()).toContain('request failed');
      expect(logs.text()).not.toContain(admin);
    });

    it('answers 503 with Retry-After when the database is unavailable', async () => {
      failure = new StoreUnavailableError();
      const response = await failing.get(LIST, admin);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(response.body).toEqual({ error: 'The service is temporarily unavailable; retry shortly.' });
      expect(logs.text()).not.toContain(admin);
    });
  });
});
