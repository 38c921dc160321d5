// Assistant analytics over HTTP: the counts of a range, a conversation opened, and the export with the data of the analytics API.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from '../../helpers/auth-runtime.js';
import { runtimeWithOwner } from '../../helpers/dashboard.js';
import type { TestRuntime } from '../../helpers/runtime.js';

let runtime: TestRuntime;
let owner: Browser;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ({ runtime, owner } = await runtimeWithOwner());
  const base = { projectId: 'acme', sources: [{ title: 'Quickstart', url: 'https://docs.acme.test/quickstart' }], pageUrl: '/quickstart' };
  await runtime.store.addConversation({
    ...base,
    query: 'How do I rotate keys?',
    response: 'Use keys revoke.',
    queryCategory: 'security',
    resolutionStatus: 'answered',
  });
  await runtime.store.addConversation({
    ...base,
    query: 'Is there SAML <sso>?',
    response: 'I do not know.',
    queryCategory: 'auth',
    resolutionStatus: 'unanswered',
  });
});
afterAll(() => runtime?.close());

it('shows the range: per day, top and unanswered questions, by category and page, escaped', async () => {
  const response = await owner.get(`/_docsite/admin/analytics?from=${today}&to=${today}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<td>${today}</td><td>2</td><td>1</td>`);
  expect(html).toContain('is there saml &lt;sso&gt;?');
  expect(html).not.toContain('<sso>');
  expect(html).toContain('<td>security</td><td>1</td>');
  expect(html).toContain('<td>/quickstart</td><td>2</td>');
  expect((await owner.get('/_docsite/admin/analytics?from=2026-02-30')).status).toBe(400);
  expect((await owner.get(`/_docsite/admin/analytics?after=nonsense`)).status).toBe(400);
});

it('opens an unanswered conversation with its query, answer and sources', async () => {
  const html = await (await owner.get('/_docsite/admin/analytics')).text();
  const link = /href="(\/_docsite\/admin\/analytics\/conversations\/[0-9A-Z]{26})"/.exec(html)?.[1] ?? '';
  const page = await (await owner.get(link)).text();
  expect(page).toContain('<pre>Is there SAML &lt;sso&gt;?</pre>');
  expect(page).toContain('<pre>I do not know.</pre>');
  expect(page).toContain('<a href="https://docs.acme.test/quickstart">Quickstart</a>');
});

it('exports the range as JSON Lines with the data of GET /v1/analytics/{projectId}/assistant, and as CSV, logging each export', async () => {
  const exported = await owner.get(`/_docsite/admin/analytics/export?format=jsonl&from=${today}&to=${today}`);
  expect(exported.headers.get('content-disposition')).toContain('attachment');
  const lines = (await exported.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const { key } = await runtime.store.createApiKey({ kind: 'admin' });
  const api = await fetch(`${runtime.url}/v1/analytics/acme/assistant?limit=100`, { headers: { authorization: `Bearer ${key}` } });
  expect(lines).toEqual(((await api.json()) as { conversations: unknown[] }).conversations);
  const csv = await (await owner.get(`/_docsite/admin/analytics/export?format=csv&from=${today}&to=${today}`)).text();
  expect(csv.split(/\r?\n/)[0]).toBe('id,timestamp,query,response,sources,queryCategory,pageUrl,resolutionStatus');
  expect((await runtime.store.listAdminActions(1))[0]).toMatchObject({ actor: 'olga', action: 'analytics.export', detail: `csv ${today}..${today}` });
});
