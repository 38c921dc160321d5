// The feedback page over HTTP: readers' and agents' feedback newest first, filtered by source, counted by page.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser } from '../../helpers/auth-runtime.js';
import { expectMissing, ownerAccountBrowser } from '../../helpers/dashboard.js';
import { startRuntime, type TestRuntime } from '../../helpers/runtime.js';

let runtime: TestRuntime;
let owner: Browser;

beforeAll(async () => {
  runtime = await startRuntime();
  await runtime.store.addUser({ username: 'olga', password: 'olga-password', owner: true });
  owner = await ownerAccountBrowser(runtime.url, 'olga', 'olga-password');
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
