// The site the existence-leak replays read (test/security/leaks*.test.ts): pages, files, redirects and
// skills for no one, for signed-in readers, for group finance and for group staff, served with
// local sign-in; its readers, what each may not read, and how to compare an answer with a missing one's.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { build, readBundle, type LoadedBundle } from '../../src/bundle/index.js';
import { Browser, localConfig, SESSION_ENV, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
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

export type Who = 'anonymous' | 'finance' | 'staff' | 'credential';
export const WHO: Who[] = ['anonymous', 'finance', 'staff', 'credential'];
/** The readers that browse the site (a client credential reads over MCP only). */
export const PEOPLE = ['anonymous', 'finance', 'staff'] as const;

/** Each page and file, and who may read it. */
export const READABLE: Record<string, Who[]> = {
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
export const PUBLIC_PAGES = ['/', '/status', '/vault/open', '/vault/after'];

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
  // The version that holds only finance pages.
  'archive',
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
export const leaked = (who: Who, text: string): string[] => HIDDEN[who].filter((word) => text.includes(word));
/** Whether `who` may read the page or file at `path`. */
export const mayRead = (who: Who, path: string): boolean => READABLE[path]?.includes(who) ?? true;

/** A path as long as `path` that names nothing: its last segment's letters become `q`. */
export const missingTwin = (path: string): string => path.replace(/[^/]*$/, (last) => last.replace(/[a-z0-9]/g, 'q'));

/** What a response tells: status, headers but the per-response ones, and the body with the asked path blanked out. */
export async function answerOf(response: Response, path: string): Promise<object> {
  const blank = (text: string) => text.replaceAll(encodeURIComponent(path), 'PATH').replaceAll(path, 'PATH');
  const headers = [...response.headers].filter(([name]) => !['date', 'x-request-id', 'etag'].includes(name)).map(([name, value]) => [name, blank(value)]);
  return { status: response.status, headers, body: blank(await response.text()) };
}

/** The served site, its bundle, a browser per person (signed in) and an access token per reader but the anonymous one. */
export interface LeakSite {
  runtime: AuthRuntime;
  bundle: LoadedBundle;
  browsers: Record<(typeof PEOPLE)[number], Browser>;
  tokens: Partial<Record<Who, string>>;
  /** The MCP server `who` reads: `/mcp` for the anonymous reader, `/authed/mcp` for the others. */
  mcpUrl(who: Who): string;
}

/** Builds and serves the site, signs its people in and issues their tokens. Close `runtime` after. */
export async function startLeakSite(): Promise<LeakSite> {
  const browsers = {} as LeakSite['browsers'];
  const tokens: LeakSite['tokens'] = {};
  const report = await build(writeSite(SITE), { out: mkdtempSync(join(tmpdir(), 'docsite-leaks-')), jobs: 1 });
  expect(report.errors).toEqual([]);
  const bundle = await readBundle(report.outDir);
  const runtime = await startAuthRuntime(localConfig(), SESSION_ENV, bundle);
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
  return { runtime, bundle, browsers, tokens, mcpUrl: (who) => (who === 'anonymous' ? `${runtime.url}/mcp` : `${runtime.url}/authed/mcp`) };
}
