// The Search and agents page over HTTP: calls per tool per day, the searches made most and those that found nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser } from '../../helpers/auth-runtime.js';
import { expectMissing, runtimeWithOwner } from '../../helpers/dashboard.js';
import type { TestRuntime } from '../../helpers/runtime.js';

const DAY_MS = 86_400_000;
const today = Math.floor(Date.now() / DAY_MS);
const dayText = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

let runtime: TestRuntime;
let owner: Browser;

beforeAll(async () => {
  ({ runtime, owner } = await runtimeWithOwner());
  await runtime.store.addUsageCounts({
    projectId: 'acme',
    tools: [
      { day: today - 1, tool: 'readerSearch', calls: 7, noResults: 2 },
      { day: today - 1, tool: 'filesystem', calls: 3, noResults: 0 },
      { day: today, tool: 'search', calls: 5, noResults: 0 },
      // Outside the default range of 30 days.
      { day: today - 40, tool: 'search', calls: 99, noResults: 0 },
    ],
    queries: [
      { day: today, query: 'webhooks <retry>', searches: 4, noResults: 0 },
      { day: today - 1, query: 'zanzibar', searches: 2, noResults: 2 },
    ],
  });
});
afterAll(() => runtime?.close());

it('shows calls per tool per day in the range, the searches made most, and those that found nothing', async () => {
  const response = await owner.get('/_docsite/admin/searches');
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<td>${dayText(today - 1)}</td><td>7 (2 found nothing)</td><td>0</td><td>3</td><td>0</td><td>0</td>`);
  expect(html).toContain(`<td>${dayText(today)}</td><td>0</td><td>5</td><td>0</td><td>0</td><td>0</td>`);
  expect(html).not.toContain('<td>99</td>');
  // Escaped, most first.
  expect(html).toContain('<td>webhooks &lt;retry&gt;</td><td>4</td><td>0</td>');
  expect(html).not.toContain('<retry>');
  const nothing = html.slice(html.indexOf('id="nothing"'));
  expect(nothing).toContain('<td>zanzibar</td><td>2</td><td>2</td>');
  expect(nothing).not.toContain('webhooks');
  expect(html).toContain('aria-current="page">Search and agents');

  const older = await (await owner.get(`/_docsite/admin/searches?from=${dayText(today - 45)}&to=${dayText(today - 35)}`)).text();
  expect(older).toContain('<td>99</td>');
  expect((await owner.get('/_docsite/admin/searches?from=last-week')).status).toBe(400);
});

it('is a missing page to anyone but an owner', async () => {
  await expectMissing(new Browser(runtime.url), '/_docsite/admin/searches');
});
