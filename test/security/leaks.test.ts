// Existence leaks (issue 25, section 3): on an authenticated site a reader learns nothing about what
// they may not read. No group or tab label, no title, no path, no file, and a restricted page, file
// or redirect answers as a missing one does, on every surface: HTML, .md, llms.txt, sitemap,
// skill.md, MCP resources, search, filesystem, OpenAPI files and images, discovery, the assistant.
// Replayed as an anonymous visitor, a reader of group A (finance), a reader of group B (staff) and a
// client credential (leak-site.ts); what navigation shows is in leaks-navigation.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_DOCUMENTS } from '../helpers/auth-runtime.js';
import { callTool, rpc } from '../helpers/mcp-rpc.js';
import { send } from '../helpers/raw-http.js';
import { answerOf, leaked, type LeakSite, mayRead, missingTwin, PEOPLE, PUBLIC_PAGES, READABLE, startLeakSite, type Who, WHO } from './leak-site.js';

let site: LeakSite;
beforeAll(async () => {
  site = await startLeakSite();
}, 60_000);
afterAll(() => site?.runtime.close());

/** Everything a browser may fetch that is not a restricted page itself, as one text per path, Location headers included. */
async function httpSurfaces(who: (typeof PEOPLE)[number]): Promise<Record<string, string>> {
  const paths = [
    ...PUBLIC_PAGES,
    ...PUBLIC_PAGES.map((p) => (p === '/' ? '/index.md' : `${p}.md`)),
    ...Object.keys(READABLE).filter((p) => mayRead(who, p)),
    '/old-ledger',
    '/old-open',
    '/old-handbook',
    '/old/ledger',
    '/old/payroll',
    '/old/rota',
    '/old-money-spec',
    '/nothing-here',
    ...SITE_DOCUMENTS,
  ];
  const texts: Record<string, string> = {};
  for (const path of paths) {
    const response = await site.browsers[who].get(path);
    texts[path] = `${response.headers.get('location') ?? ''}\n${await response.text()}`;
  }
  return texts;
}

/** Everything an agent may read over MCP: resources, every skill, search, filesystem listings and files. */
async function mcpSurfaces(who: Who): Promise<Record<string, string>> {
  const url = site.mcpUrl(who);
  const token = site.tokens[who];
  const { search, filesystem } = site.bundle.manifest.tools;
  const fs = (command: string) => callTool(url, filesystem.name, { command }, token);
  const listed = await rpc(url, 'resources/list', {}, token);
  const texts: Record<string, string> = { resourcesList: JSON.stringify(listed.body) };
  for (const resource of listed.body.result.resources as { uri: string }[])
    texts[resource.uri] = JSON.stringify((await rpc(url, 'resources/read', { uri: resource.uri }, token)).body);
  for (const word of ['quinquennial', 'sesquipedalian', 'perspicacious', 'reserves', 'shifts', 'spare'])
    texts[`search ${word}`] = (await callTool(url, search.name, { query: word }, token)).replaceAll(`"${word}"`, 'QUERY');
  texts.ls = await fs('ls -laR /');
  texts.find = await fs('find /');
  texts.cat = await fs('cat /openapi/*');
  texts.grep = await fs('grep -ril quinquennial /');
  texts.tools = JSON.stringify((await rpc(url, 'tools/list', {}, token)).body.result.tools);
  return texts;
}

describe.each(PEOPLE)('browsing as %s', (who) => {
  it('no page, Markdown, redirect, agent file or discovery file names what the reader may not read', async () => {
    const texts = await httpSurfaces(who);
    for (const [path, text] of Object.entries(texts)) expect(leaked(who, text), path).toEqual([]);
    // The control: the pages were served whole.
    expect(texts['/vault/after']).toContain('What follows any close.');
  });

  it('a restricted page, its Markdown and a file only restricted pages use answer as a missing one does', async () => {
    for (const path of Object.keys(READABLE).filter((p) => !mayRead(who, p))) {
      const forms = /\.\w+$/.test(path) ? [path] : [path, `${path}.md`];
      for (const asked of forms) {
        const twin = missingTwin(asked);
        expect(await answerOf(await site.browsers[who].get(asked), asked), asked).toEqual(await answerOf(await site.browsers[who].get(twin), twin));
        const markdown = { accept: 'text/markdown' };
        expect(await answerOf(await site.browsers[who].get(asked, markdown), asked), `${asked} as Markdown`).toEqual(
          await answerOf(await site.browsers[who].get(twin, markdown), twin),
        );
      }
    }
  });
});

describe.each(PEOPLE)('the search box as %s', (who) => {
  const search = async (params: Record<string, string>): Promise<string> => {
    const response = await site.browsers[who].get(`/_docsite/search?${new URLSearchParams(params)}`);
    expect(response.status).toBe(200);
    // The answer repeats the query: that is the reader's own text, not the site's.
    return (await response.text()).replaceAll(JSON.stringify(params.q), 'QUERY');
  };

  it('finds nothing the reader may not read, in any version', async () => {
    for (const q of ['quinquennial', 'sesquipedalian', 'perspicacious', 'reserves', 'shifts', 'spare', 'ledger', 'rota', 'payroll', 'handbook'])
      for (const version of [undefined, 'current', 'archive']) {
        const text = await search({ q, ...(version ? { version } : {}) });
        expect(leaked(who, text), `${q} in ${version ?? 'every version'}`).toEqual([]);
      }
    // The control: what the reader may read is found.
    expect(await search({ q: 'close' })).toContain('/vault/after');
  });

  it('answers a version only restricted pages are in as one that does not exist', async () => {
    if (who === 'finance') return;
    expect(await search({ q: 'ledger', version: 'archive' })).toEqual(await search({ q: 'ledger', version: 'qqqqqqq' }));
  });
});

describe.each(WHO)('over MCP as %s', (who) => {
  it('no resource, search result, filesystem command or tool names what the reader may not read', async () => {
    for (const [what, text] of Object.entries(await mcpSurfaces(who))) expect(leaked(who, text), what).toEqual([]);
  });
});

describe('paths written so that they slip past the checks', () => {
  // Sent as written (site.browsers and fetch would tidy them): each must answer as the same-length missing path.
  const tricks = [
    '//vault/ledger.html',
    '/vault//ledger.html',
    '/vault/./ledger.html',
    '/vault/%2e/ledger.html',
    '/./vault/ledger.md',
    '//treasury.yaml',
    '/./spare.yaml',
    '//_docsite/manifest.json',
    '/./_docsite/manifest.json',
    '/%2e/_docsite/manifest.json',
    '//_docsite/sources/0000.json',
    '//llms-full.txt',
  ];

  it.each(tricks)('%s serves nothing an anonymous reader may not read', async (path) => {
    const answer = await send(site.runtime.url, { method: 'GET', path });
    const twin = await send(site.runtime.url, { method: 'GET', path: missingTwin(path) });
    expect(answer.status, answer.body.slice(0, 80)).toBe(twin.status);
    // The sign-in link returns the reader to the path they asked for (tidied): that names only their own request.
    const shown = (body: string) => body.replace(/return_to=[^"]*/g, 'return_to=PATH');
    expect(shown(answer.body)).toBe(shown(twin.body));
  });
});

describe('OpenAPI files', () => {
  const files = { '/public.yaml': 'Status API', '/treasury.yaml': 'Treasury API', '/shifts.yaml': 'Shifts API', '/spare.yaml': 'Spare API' };

  it.each(PEOPLE)('are served to %s only when they may read a page that uses them (unused: a login)', async (who) => {
    for (const [path, title] of Object.entries(files)) {
      const response = await site.browsers[who].get(path);
      expect(response.status, path).toBe(mayRead(who, path) ? 200 : 404);
      expect((await response.text()).includes(title), path).toBe(mayRead(who, path));
    }
  });

  it.each(WHO)('are in the MCP filesystem of %s only when they may read a page that uses them', async (who) => {
    const url = site.mcpUrl(who);
    const listing = await callTool(url, site.bundle.manifest.tools.filesystem.name, { command: 'ls /openapi' }, site.tokens[who]);
    const shown = Object.keys(files).filter((path) => listing.includes(path.slice(1)));
    expect(shown).toEqual(Object.keys(files).filter((path) => mayRead(who, path)));
  });
});

describe('images and files that pages use', () => {
  const files = ['/images/logo.svg', '/images/shared.svg', '/images/unused.svg', '/images/ledger-chart.svg', '/downloads/rota-2024.pdf'];

  it.each(PEOPLE)("are served to %s only when they may read a page that uses them (the site's own and unused ones: to everyone)", async (who) => {
    for (const path of files) expect((await site.browsers[who].get(path)).status, path).toBe(mayRead(who, path) ? 200 : 404);
  });
});

describe('docs.json redirects', () => {
  it.each(PEOPLE)('to a page %s may not read answer as a path with no redirect, and lead on to readable ones', async (who) => {
    for (const source of ['/old-ledger', '/old/ledger', '/old/rota', '/old-handbook', '/old-money-spec']) {
      const destination = {
        '/old-ledger': '/vault/ledger',
        '/old/ledger': '/vault/ledger',
        '/old/rota': '/vault/rota',
        '/old-handbook': '/members/handbook',
        '/old-money-spec': '/treasury.yaml',
      }[source]!;
      const response = await site.browsers[who].get(source);
      if (mayRead(who, destination)) {
        expect(response.status, source).toBe(308);
        expect(response.headers.get('location'), source).toMatch(new RegExp(`^${destination.replace('.', '\\.')}`));
      } else {
        expect(await answerOf(response, source), source).toEqual(await answerOf(await site.browsers[who].get(missingTwin(source)), missingTwin(source)));
      }
    }
    expect((await site.browsers[who].get('/old-open')).headers.get('location')).toBe('/vault/open');
    expect((await site.browsers[who].get('/old/open')).headers.get('location')).toBe('/vault/open');
    // Out of the site, or to a fixed destination that is no page: sent as written.
    expect((await site.browsers[who].get('/old-llms')).headers.get('location')).toBe('/llms.txt');
    expect((await site.browsers[who].get('/elsewhere/a/b')).headers.get('location')).toBe('https://example.com/docs/a/b');
  });

  it('with a wildcard, tell a restricted destination from a missing one in no way', async () => {
    // /old/qqqqqq leads to /vault/qqqqqq, which does not exist: the same answer as /old/ledger to a non-member.
    expect(await answerOf(await site.browsers.staff.get('/old/ledger'), '/old/ledger')).toEqual(
      await answerOf(await site.browsers.staff.get('/old/qqqqqq'), '/old/qqqqqq'),
    );
  });
});

describe('the assistant', () => {
  /** The assistant's answer to a question about public content, asked from `pagePath`, without what each conversation has of its own. */
  const answerFrom = async (pagePath: string): Promise<object> => {
    const key = (await site.runtime.store.createApiKey({ kind: 'assistant' })).key;
    const response = await fetch(`${site.runtime.url}/v1/assistant/${site.bundle.manifest.site.projectId}/message`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'what follows any close', pagePath }),
    });
    expect(response.status).toBe(200);
    const { id: _id, timestamp: _timestamp, pageUrl: _pageUrl, ...answer } = (await response.json()) as Record<string, unknown>;
    return answer;
  };

  it('answers from a page it may not read as from a missing one (the page does not scope the search)', async () => {
    const restricted = await answerFrom('/archive/ledger-2019');
    expect(restricted).toEqual(await answerFrom(missingTwin('/archive/ledger-2019')));
    expect(JSON.stringify(restricted)).toContain('/vault/after');
  });
});
