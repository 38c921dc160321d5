// Existence leaks in navigation (issue 25, section 3): sidebars, previous/next links, version switchers
// and the generated skill show no trace of what a reader may not read (see leaks.test.ts for the
// other surfaces, leak-site.ts for the site and its readers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '../helpers/mcp-rpc.js';
import { type LeakSite, PEOPLE, PUBLIC_PAGES, startLeakSite, type Who, WHO } from './leak-site.js';

let site: LeakSite;
beforeAll(async () => {
  site = await startLeakSite();
}, 60_000);
afterAll(() => site?.runtime.close());

describe('a sidebar group holding only pages the reader may not read', () => {
  const sidebarOf = (html: string): string => /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)![0];

  it.each(PEOPLE)('is left out, with its nested groups, for %s', async (who) => {
    const sidebar = sidebarOf(await (await site.browsers[who].get('/vault/open')).text());
    expect(sidebar.includes('<summary>Finance desk</summary>')).toBe(who === 'finance');
    expect(sidebar.includes('<summary>Payroll cycle</summary>')).toBe(who === 'finance');
    expect(sidebar.includes('<summary>Staff room</summary>')).toBe(who === 'staff');
    expect(sidebar).not.toMatch(/<ul><\/ul>/);
  });

  it.each(PEOPLE)('leaves no gap in the numbering of the groups shown to %s', async (who) => {
    const sidebar = sidebarOf(await (await site.browsers[who].get('/vault/open')).text());
    const ids = [...sidebar.matchAll(/data-group="g(\d+)"/g)].map((match) => Number(match[1]));
    expect(ids).toEqual(ids.map((_, i) => i + 1));
  });

  it.each(PEOPLE)('served pages carry no access marks naming groups, for %s', async (who) => {
    for (const path of PUBLIC_PAGES) expect(await (await site.browsers[who].get(path)).text(), path).not.toMatch(/data-access=|data-choice=/);
  });
});

describe('previous and next links', () => {
  const pagerOf = async (who: (typeof PEOPLE)[number], path: string) => {
    const html = await (await site.browsers[who].get(path)).text();
    return Object.fromEntries([...html.matchAll(/<a class="pager-(previous|next)" href="([^"]*)"/g)].map((match) => [match[1], match[2]]));
  };

  it('lead past the pages a reader may not read to the next one they may', async () => {
    expect(await pagerOf('anonymous', '/vault/open')).toEqual({ previous: '/status', next: '/vault/after' });
    expect(await pagerOf('anonymous', '/vault/after')).toEqual({ previous: '/vault/open' });
    expect(await pagerOf('staff', '/vault/open')).toEqual({ previous: '/members/handbook', next: '/vault/rota' });
    expect(await pagerOf('finance', '/vault/open')).toEqual({ previous: '/members/handbook', next: '/vault/ledger' });
    expect(await pagerOf('finance', '/vault/after')).toEqual({ previous: '/vault/payroll', next: '/treasury/reserves' });
  });
});

describe('the version switcher', () => {
  it.each(PEOPLE)('names a version only when %s may read a page of it', async (who) => {
    const html = await (await site.browsers[who].get('/vault/open')).text();
    const switcher = /<details class="switcher">[\s\S]*?<\/details>/.exec(html)?.[0] ?? '';
    expect(switcher.includes('archive'), switcher).toBe(who === 'finance');
    // A switcher left with the current version alone would still tell that there is another.
    expect(html.includes('class="switcher"')).toBe(who === 'finance');
  });
});

describe('the generated skill', () => {
  const topicsOf = (skill: string): string[] => [...(skill.split('## What the documentation covers')[1] ?? '').matchAll(/^- (.*)$/gm)].map((m) => m[1]!);
  const expected: Record<Who, string[]> = {
    anonymous: ['Welcome', 'Vault'],
    credential: ['Welcome', 'Vault'],
    finance: ['Welcome', 'Vault', 'Treasury'],
    staff: ['Welcome', 'Vault', 'Rosters'],
  };

  it.each(PEOPLE)('at /skill.md names only the tabs %s may read a page of', async (who) => {
    expect(topicsOf(await (await site.browsers[who].get('/skill.md')).text())).toEqual(expected[who]);
  });

  it.each(WHO)('as an MCP resource names only the tabs %s may read a page of', async (who) => {
    const url = site.mcpUrl(who);
    const read = await rpc(url, 'resources/read', { uri: 'docsite://skills/leaks-docs' }, site.tokens[who]);
    expect(topicsOf(read.body.result.contents[0].text)).toEqual(expected[who]);
  });
});
