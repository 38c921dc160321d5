// The feedback page over HTTP: readers' and agents' feedback newest first, filtered by source, counted by page.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser } from '../../helpers/auth-runtime.js';
import { expectMissing, runtimeWithOwner } from '../../helpers/dashboard.js';
import type { TestRuntime } from '../../helpers/runtime.js';

let runtime: TestRuntime;
let owner: Browser;

beforeAll(async () => {
  ({ runtime, owner } = await runtimeWithOwner());
  await runtime.store.addFeedback({ projectId: 'acme', path: '/quickstart', comment: 'Step 3 <fails>', source: 'agent', helpful: false });
  await runtime.store.addFeedback({ projectId: 'acme', path: '/quickstart', comment: 'Clear', source: 'widget', helpful: true });
});
afterAll(() => runtime?.close());

it('lists feedback newest first with its source, escaped, and counts it by page', async () => {
  const html = await (await owner.get('/_docsite/admin/feedback')).text();
  expect(html.indexOf('Clear')).toBeLessThan(html.indexOf('Step 3 &lt;fails&gt;'));
  expect(html).not.toContain('<fails>');
  expect(html).toContain('<td>/quickstart</td><td>1</td><td>0</td><td>1</td>');
  const agents = await (await owner.get('/_docsite/admin/feedback?source=agent')).text();
  expect(agents).toContain('Step 3');
  expect(agents).not.toContain('<td>Clear</td>');
  expect((await owner.get('/_docsite/admin/feedback?to=yesterday')).status).toBe(400);
});

it('is a missing page to anyone but an owner', async () => {
  await expectMissing(new Browser(runtime.url), '/_docsite/admin/feedback');
});

it('sets the status of a piece of feedback, recording who did and returning to the same view', async () => {
  const [agentFeedback] = (await runtime.store.listFeedback({ projectId: 'acme', source: 'agent', limit: 1 })).feedback;
  const page = await (await owner.get('/_docsite/admin/feedback?source=agent')).text();
  const form = /<form method="post" action="\/_docsite\/admin\/feedback\/status"[^>]*>([\s\S]*?)<\/form>/.exec(page)![1]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(form)![1]!;
  const back = /name="back" value="([^"]+)"/.exec(form)![1]!.replaceAll('&amp;', '&');
  expect(back).toBe('/_docsite/admin/feedback?source=agent');
  const response = await owner.post('/_docsite/admin/feedback/status', { csrf, id: agentFeedback!.id, status: 'resolved', back });
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/_docsite/admin/feedback?source=agent&updated=1');
  expect(await runtime.store.feedbackStatusChange({ projectId: 'acme', id: agentFeedback!.id })).toMatchObject({ status: 'resolved', changedBy: 'olga' });
  const actions = await runtime.store.listAdminActions(5);
  expect(actions[0]).toMatchObject({ actor: 'olga', action: 'feedback.status', detail: `${agentFeedback!.id} resolved` });
  // A status that does not exist, or a return path elsewhere, changes nothing and goes back to the feedback page.
  const odd = await owner.post('/_docsite/admin/feedback/status', { csrf, id: agentFeedback!.id, status: 'deleted', back: 'https://evil.test/x?y=1' });
  expect(odd.headers.get('location')).toBe('/_docsite/admin/feedback');
  expect((await runtime.store.feedbackStatusChange({ projectId: 'acme', id: agentFeedback!.id }))?.status).toBe('resolved');
  // Without the form's token: refused, nothing changed.
  expect((await owner.post('/_docsite/admin/feedback/status', { id: agentFeedback!.id, status: 'open', back })).status).toBe(403);
});

it('exports the view it shows as CSV and JSON Lines, with the source filter kept and the export logged', async () => {
  const page = await (await owner.get('/_docsite/admin/feedback?source=agent')).text();
  const link = /href="(\/_docsite\/admin\/feedback\/export\?[^"]*format=csv[^"]*)"/.exec(page)![1]!.replaceAll('&amp;', '&');
  expect(link).toContain('source=agent');
  const csv = await owner.get(link);
  expect(csv.headers.get('content-type')).toContain('text/csv');
  expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="?feedback-acme-[\d-]+\.csv"?$/);
  const rows = (await csv.text()).trim().split(/\r?\n/);
  expect(rows[0]).toBe('id,createdAt,path,source,status,helpful,comment');
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain('Step 3 <fails>');
  expect((await runtime.store.listAdminActions(1))[0]).toMatchObject({ actor: 'olga', action: 'feedback.export' });
  const all = (await (await owner.get(link.replace('format=csv', 'format=jsonl').replace('source=agent', 'source='))).text()).trim().split('\n');
  expect(all.map((line) => (JSON.parse(line) as { comment: string }).comment)).toEqual(['Clear', 'Step 3 <fails>']);
  expect((await owner.get('/_docsite/admin/feedback/export?format=xml')).status).toBe(400);
  await expectMissing(new Browser(runtime.url), link);
});
