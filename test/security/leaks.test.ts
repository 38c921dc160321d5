// Existence leaks (issue 25, section 3): on an authenticated site a reader learns nothing about what
// they may not read. No group or tab label, no title, no path, no file, and a restricted page, file
// or redirect answers as a missing one does, on every surface: HTML, .md, llms.txt, sitemap,
// skill.md, MCP resources, search, filesystem, OpenAPI files, discovery. Replayed as an anonymous
// visitor, a reader of group A (finance), a reader of group B (staff) and a client credential.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle, type LoadedBundle } from '../../src/bundle/index.js';
import { Browser, localConfig, SESSION_ENV, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { callTool, rpc } from '../helpers/mcp-rpc.js';
import { send } from '../helpers/raw-http.js';
import { page, writeSite } from '../helpers/site.js';

/** An OpenAPI file with one operation. */
const spec = (title: string, path: string, summary: string): string =>
  `openapi: 3.1.0\ninfo: {title: ${title}, version: "1"}\nservers: [{url: "https://api.test"}]\npaths:\n  ${path}:\n    get:\n      summary: ${summary}\n      responses: {"200": {description: ok}}\n`;

const SITE = {
  'docs.json': {
    name: 'Leaks',
    // The logo is the site's: public, though a finance page shows it too.
    logo: '/images/logo.svg',
    // Named by docs.json, used by no page: it follows the site's default (a login).
    api: { openapi: 'spare.yaml' },
    redirects: [
      { source: '/old-ledger', destination: '/vault/ledger' },
      { source: '/old-open', destination: '/vault/open' },
      { source: '/old-handbook', destination: '/members/handbook#start' },
      { source: '/old/:slug*', destination: '/vault/:slug*' },
      { source: '/old-money-spec', destination: '/treasury.yaml' },
      { source: '/old-llms', destination: '/llms.txt' },
      { source: '/elsewhere/:slug*', destination: 'https://example.com/docs/:slug*' },
    ],
    navigation: {
      versions: [
        {
          version: 'current',
          default: true,
          tabs: [
            {
              tab: 'Welcome',
              groups: [
                { group: 'Start', pages: ['index', 'status'] },
                { group: 'Members area', pages: ['members/handbook'] },
              ],
            },
            {
              tab: 'Vault',
              groups: [
                { group: 'Books', pages: ['vault/open'] },
                { group: 'Finance desk', pages: ['vault/ledger', { group: 'Payroll cycle', pages: ['vault/payroll'] }] },
                { group: 'Staff room', pages: ['vault/rota'] },
                { group: 'After', pages: ['vault/after'] },
              ],
            },
            { tab: 'Treasury', groups: [{ group: 'Reserves', pages: ['treasury/reserves'] }] },
            { tab: 'Rosters', groups: [{ group: 'Shifts', pages: ['rosters/shifts'] }] },
          ],
        },
        { version: 'archive', groups: [{ group: 'Old books', pages: ['archive/ledger-2019'] }] },
      ],
    },
  },
  'index.mdx': page({ title: 'Welcome', public: true }, 'Hello.'),
  'status.mdx': page({ title: 'Service status', public: true, openapi: 'public.yaml GET /status' }),
  'members/handbook.mdx': page({ title: 'Members handbook' }, 'The perspicacious member reads this.'),
  'vault/open.mdx': page({ title: 'Open books', public: true }, 'Books anyone may read.\n\n<img src="/images/shared.svg" alt="Shared" />'),
  'vault/ledger.mdx': page(
    { title: 'Ledger reconciliation', groups: ['finance'] },
    'The quinquennial close.\n\n![Chart](/images/ledger-chart.svg)\n\n![Shared](../images/shared.svg) ![Logo](/images/logo.svg)',
  ),
  'vault/payroll.mdx': page({ title: 'Payroll run', groups: ['finance'] }, 'Payroll, quinquennially.'),
  'vault/rota.mdx': page({ title: 'Duty rota', groups: ['staff'] }, 'The sesquipedalian rota. [Download it](/downloads/rota-2024.pdf).'),
  'vault/after.mdx': page({ title: 'After the close', public: true }, 'What follows any close.'),
  'treasury/reserves.mdx': page({ title: 'Reserve balances', groups: ['finance'], openapi: 'treasury.yaml GET /reserves' }),
  'rosters/shifts.mdx': page({ title: 'Shift planning', groups: ['staff'], openapi: 'shifts.yaml GET /shifts' }),
  'archive/ledger-2019.mdx': page({ title: 'Ledger of 2019', groups: ['finance'] }, 'Old figures.'),
  'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><title>Logo</title></svg>',
  'images/ledger-chart.svg': '<svg xmlns="http://www.w3.org/2000/svg"><title>Ledger chart</title></svg>',
  'images/shared.svg': '<svg xmlns="http://www.w3.org/2000/svg"><title>Shared</title></svg>',
  'images/unused.svg': '<svg xmlns="http://www.w3.org/2000/svg"><title>Unused</title></svg>',
  'downloads/rota-2024.pdf': 'Rota of 2024',
  'public.yaml': spec('Status API', '/status', 'Get status'),
  'treasury.yaml': spec('Treasury API', '/reserves', 'List reserves'),
  'shifts.yaml': spec('Shifts API', '/shifts', 'List shifts'),
  'spare.yaml': spec('Spare API', '/spare', 'Spare operation'),
};

type Who = 'anonymous' | 'finance' | 'staff' | 'credential';
const WHO: Who[] = ['anonymous', 'finance', 'staff', 'credential'];
/** The readers that browse the site (a client credential reads over MCP only). */
const PEOPLE = ['anonymous', 'finance', 'staff'] as const;

/** Each page and file, and who may read it. */
const READABLE: Record<string, Who[]> = {
  '/members/handbook': ['finance', 'staff', 'credential'],
  '/vault/ledger': ['finance'],
  '/vault/payroll': ['finance'],
  '/vault/rota': ['staff'],
  '/treasury/reserves': ['finance'],
  '/rosters/shifts': ['staff'],
  '/archive/ledger-2019': ['finance'],
  '/treasury.yaml': ['finance'],
  '/shifts.yaml': ['staff'],
  '/spare.yaml': ['finance', 'staff', 'credential'],
  '/images/ledger-chart.svg': ['finance'],
  '/downloads/rota-2024.pdf': ['staff'],
};
/** Public pages: every browser reads these whole. */
const PUBLIC_PAGES = ['/', '/status', '/vault/open', '/vault/after'];

let runtime: AuthRuntime;
let bundle: LoadedBundle;
const browsers = {} as Record<(typeof PEOPLE)[number], Browser>;
const tokens: Partial<Record<Who, string>> = {};

beforeAll(async () => {
  const report = await build(writeSite(SITE), { out: mkdtempSync(join(tmpdir(), 'docsite-leaks-')), jobs: 1 });
  expect(report.errors).toEqual([]);
  bundle = await readBundle(report.outDir);
  runtime = await startAuthRuntime(localConfig(), SESSION_ENV, bundle);
  const client = await runtime.store.registerClient({ name: 'leaks', redirectUris: ['http://127.0.0.1:1/cb'], tokenEndpointAuthMethod: 'none' });
  browsers.anonymous = new Browser(runtime.url);
  for (const who of ['finance', 'staff'] as const) {
    await runtime.store.addUser({ username: who, password: `${who}-password`, groups: [who] });
    browsers[who] = new Browser(runtime.url);
    expect((await browsers[who].signIn(who, `${who}-password`)).status).toBe(303);
    const issued = await runtime.store.issueTokens({
      clientId: client.clientId,
      subject: { kind: 'user', userId: who, groups: [who] },
      audience: `${runtime.url}/authed/mcp`,
      scope: 'mcp:search',
      accessTtlSeconds: 600,
      refreshTtlSeconds: 600,
    });
    tokens[who] = issued.accessToken;
  }
  const credential = await runtime.store.createClientCredential({ label: 'leaks' });
  const response = await fetch(`${runtime.url}/authed/mcp/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: credential.clientId, client_secret: credential.clientSecret }),
  });
  tokens.credential = ((await response.json()) as { access_token: string }).access_token;
}, 60_000);
afterAll(() => runtime?.close());

const mayRead = (who: Who, path: string): boolean => READABLE[path]?.includes(who) ?? true;

/** A path as long as `path` that names nothing: its last segment's letters become `q`. */
const missingTwin = (path: string): string => path.replace(/[^/]*$/, (last) => last.replace(/[a-z0-9]/g, 'q'));

/** What a response tells: status, headers but the per-response ones, and the body with the asked path blanked out. */
async function answerOf(response: Response, path: string): Promise<object> {
  const blank = (text: string) => text.replaceAll(encodeURIComponent(path), 'PATH').replaceAll(path, 'PATH');
  const headers = [...response.headers].filter(([name]) => !['date', 'x-request-id', 'etag'].includes(name)).map(([name, value]) => [name, blank(value)]);
  return { status: response.status, headers, body: blank(await response.text()) };
}

describe('paths written so that they slip past the checks', () => {
  // Sent as written (browsers and fetch would tidy them): each must answer as the same-length missing path.
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
    const answer = await send(runtime.url, { method: 'GET', path });
    const twin = await send(runtime.url, { method: 'GET', path: missingTwin(path) });
    expect(answer.status, answer.body.slice(0, 80)).toBe(twin.status);
    expect(answer.body.replaceAll(encodeURIComponent(path), 'PATH')).toBe(twin.body.replaceAll(encodeURIComponent(missingTwin(path)), 'PATH'));
  });
});

describe('OpenAPI files', () => {
  const files = { '/public.yaml': 'Status API', '/treasury.yaml': 'Treasury API', '/shifts.yaml': 'Shifts API', '/spare.yaml': 'Spare API' };

  it.each(PEOPLE)('are served to %s only when they may read a page that uses them (unused: a login)', async (who) => {
    for (const [path, title] of Object.entries(files)) {
      const response = await browsers[who].get(path);
      expect(response.status, path).toBe(mayRead(who, path) ? 200 : 404);
      expect((await response.text()).includes(title), path).toBe(mayRead(who, path));
    }
  });

  it.each(WHO)('are in the MCP filesystem of %s only when they may read a page that uses them', async (who) => {
    const url = who === 'anonymous' ? `${runtime.url}/mcp` : `${runtime.url}/authed/mcp`;
    const listing = await callTool(url, bundle.manifest.tools.filesystem.name, { command: 'ls /openapi' }, tokens[who]);
    const shown = Object.keys(files).filter((path) => listing.includes(path.slice(1)));
    expect(shown).toEqual(Object.keys(files).filter((path) => mayRead(who, path)));
  });
});

describe('images and files that pages use', () => {
  const files = ['/images/logo.svg', '/images/shared.svg', '/images/unused.svg', '/images/ledger-chart.svg', '/downloads/rota-2024.pdf'];

  it.each(PEOPLE)("are served to %s only when they may read a page that uses them (the site's own and unused ones: to everyone)", async (who) => {
    for (const path of files) expect((await browsers[who].get(path)).status, path).toBe(mayRead(who, path) ? 200 : 404);
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
      const response = await browsers[who].get(source);
      if (mayRead(who, destination)) {
        expect(response.status, source).toBe(308);
        expect(response.headers.get('location'), source).toMatch(new RegExp(`^${destination.replace('.', '\\.')}`));
      } else {
        expect(await answerOf(response, source), source).toEqual(await answerOf(await browsers[who].get(missingTwin(source)), missingTwin(source)));
      }
    }
    expect((await browsers[who].get('/old-open')).headers.get('location')).toBe('/vault/open');
    expect((await browsers[who].get('/old/open')).headers.get('location')).toBe('/vault/open');
    // Out of the site, or to a fixed destination that is no page: sent as written.
    expect((await browsers[who].get('/old-llms')).headers.get('location')).toBe('/llms.txt');
    expect((await browsers[who].get('/elsewhere/a/b')).headers.get('location')).toBe('https://example.com/docs/a/b');
  });

  it('with a wildcard, tell a restricted destination from a missing one in no way', async () => {
    // /old/qqqqqq leads to /vault/qqqqqq, which does not exist: the same answer as /old/ledger to a non-member.
    expect(await answerOf(await browsers.staff.get('/old/ledger'), '/old/ledger')).toEqual(
      await answerOf(await browsers.staff.get('/old/qqqqqq'), '/old/qqqqqq'),
    );
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
    expect(topicsOf(await (await browsers[who].get('/skill.md')).text())).toEqual(expected[who]);
  });

  it.each(WHO)('as an MCP resource names only the tabs %s may read a page of', async (who) => {
    const url = who === 'anonymous' ? `${runtime.url}/mcp` : `${runtime.url}/authed/mcp`;
    const read = await rpc(url, 'resources/read', { uri: 'docsite://skills/leaks-docs' }, tokens[who]);
    expect(topicsOf(read.body.result.contents[0].text)).toEqual(expected[who]);
  });
});

describe('a sidebar group holding only pages the reader may not read', () => {
  const sidebarOf = (html: string): string => /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)![0];

  it.each(PEOPLE)('is left out, with its nested groups, for %s', async (who) => {
    const sidebar = sidebarOf(await (await browsers[who].get('/vault/open')).text());
    expect(sidebar.includes('<summary>Finance desk</summary>')).toBe(who === 'finance');
    expect(sidebar.includes('<summary>Payroll cycle</summary>')).toBe(who === 'finance');
    expect(sidebar.includes('<summary>Staff room</summary>')).toBe(who === 'staff');
    expect(sidebar).not.toMatch(/<ul><\/ul>/);
  });

  it.each(PEOPLE)('leaves no gap in the numbering of the groups shown to %s', async (who) => {
    const sidebar = sidebarOf(await (await browsers[who].get('/vault/open')).text());
    const ids = [...sidebar.matchAll(/data-group="g(\d+)"/g)].map((match) => Number(match[1]));
    expect(ids).toEqual(ids.map((_, i) => i + 1));
  });

  it.each(PEOPLE)('served pages carry no access marks naming groups, for %s', async (who) => {
    for (const path of PUBLIC_PAGES) expect(await (await browsers[who].get(path)).text(), path).not.toMatch(/data-access=|data-choice=/);
  });
});

describe('previous and next links', () => {
  const pagerOf = async (who: (typeof PEOPLE)[number], path: string) => {
    const html = await (await browsers[who].get(path)).text();
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
    const html = await (await browsers[who].get('/vault/open')).text();
    const switcher = /<details class="switcher">[\s\S]*?<\/details>/.exec(html)?.[0] ?? '';
    expect(switcher.includes('archive'), switcher).toBe(who === 'finance');
    // A switcher left with the current version alone would still tell that there is another.
    expect(html.includes('class="switcher"')).toBe(who === 'finance');
  });
});

describe('the assistant', () => {
  /** The assistant's answer to a question about public content, asked from `pagePath`, without what each conversation has of its own. */
  const answerFrom = async (pagePath: string): Promise<object> => {
    const key = (await runtime.store.createApiKey({ kind: 'assistant' })).key;
    const response = await fetch(`${runtime.url}/v1/assistant/${bundle.manifest.site.projectId}/message`, {
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
/** What only finance may read: titles, paths, words, group and tab labels, file names, spec contents. */
const FINANCE = [
  'Ledger reconciliation',
  '/vault/ledger',
  'quinquennial',
  'Payroll',
  '/vault/payroll',
  'Finance desk',
  'Treasury',
  'treasury',
  'Reserve',
  'List reserves',
  'ledger-2019',
  'Ledger of 2019',
  'ledger-chart',
];
/** What only staff may read. */
const STAFF = ['Duty rota', '/vault/rota', 'sesquipedalian', 'Staff room', 'Rosters', 'rosters', 'Shift', 'shifts', 'rota-2024'];
/** What needs a sign-in (no groups). */
const MEMBERS = ['Members handbook', 'members/handbook', 'perspicacious', 'Members area', 'spare.yaml', 'Spare'];
const HIDDEN: Record<Who, string[]> = {
  anonymous: [...FINANCE, ...STAFF, ...MEMBERS],
  credential: [...FINANCE, ...STAFF],
  finance: STAFF,
  staff: FINANCE,
};
/** The hidden words `text` contains. */
const leaked = (who: Who, text: string): string[] => HIDDEN[who].filter((word) => text.includes(word));
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
    '/llms.txt',
    '/llms-full.txt',
    '/sitemap.xml',
    '/robots.txt',
    '/skill.md',
    '/.well-known/mcp',
    '/.well-known/mcp/server-cards.json',
    '/.well-known/ai-catalog.json',
    '/mcp/server-card',
    '/authed/mcp/server-card',
  ];
  const texts: Record<string, string> = {};
  for (const path of paths) {
    const response = await browsers[who].get(path);
    texts[path] = `${response.headers.get('location') ?? ''}\n${await response.text()}`;
  }
  return texts;
}

/** Everything an agent may read over MCP: resources, every skill, search, filesystem listings and files. */
async function mcpSurfaces(who: Who): Promise<Record<string, string>> {
  const url = who === 'anonymous' ? `${runtime.url}/mcp` : `${runtime.url}/authed/mcp`;
  const token = tokens[who];
  const { search, filesystem } = bundle.manifest.tools;
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
  texts.tools = JSON.stringify((await rpc(url, 'tools/list', {}, token)).body.result.tools.map((tool: { name: string }) => tool.name));
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
        expect(await answerOf(await browsers[who].get(asked), asked), asked).toEqual(await answerOf(await browsers[who].get(twin), twin));
        const markdown = { accept: 'text/markdown' };
        expect(await answerOf(await browsers[who].get(asked, markdown), asked), `${asked} as Markdown`).toEqual(
          await answerOf(await browsers[who].get(twin, markdown), twin),
        );
      }
    }
  });
});

describe.each(WHO)('over MCP as %s', (who) => {
  it('no resource, search result, filesystem command or tool names what the reader may not read', async () => {
    for (const [what, text] of Object.entries(await mcpSurfaces(who))) expect(leaked(who, text), what).toEqual([]);
  });
});
