// Who reads what on an authenticated site, through every read path: pages, .md, sidebars, llms.txt, search, filesystem.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { callTool, rpc } from '../helpers/mcp-rpc.js';

/** One page per kind of access in the example site, and a word only that page contains. */
const PAGES = {
  public: { url: '/enterprise/overview', word: 'Dedicated Slack channel' },
  login: { url: '/quickstart', word: 'Before you begin' },
  enterprise: { url: '/enterprise/sso', word: 'deprovision' },
  admins: { url: '/enterprise/audit-logs', word: 'hash-chained' },
} as const;
type Kind = keyof typeof PAGES;

/** What each principal may read: anonymous, a user in `enterprise`, a user in no group, a client credential. */
const READS: Record<'anonymous' | 'member' | 'outsider' | 'credential', Kind[]> = {
  anonymous: ['public'],
  member: ['public', 'login', 'enterprise'],
  outsider: ['public', 'login'],
  credential: ['public', 'login'],
};

let runtime: AuthRuntime;
const browsers: Record<'anonymous' | 'member' | 'outsider', Browser> = {} as never;
const tokens: Record<'member' | 'outsider' | 'credential', string> = {} as never;

beforeAll(async () => {
  runtime = await startAuthRuntime();
  await runtime.store.addUser({ username: 'ann', password: 'ann-password', groups: ['enterprise'] });
  await runtime.store.addUser({ username: 'bob', password: 'bob-password' });
  browsers.anonymous = new Browser(runtime.url);
  browsers.member = new Browser(runtime.url);
  browsers.outsider = new Browser(runtime.url);
  expect((await browsers.member.signIn('ann', 'ann-password')).status).toBe(303);
  expect((await browsers.outsider.signIn('bob', 'bob-password')).status).toBe(303);
  // Users' tokens as the authorization code flow would issue them (that flow is tested in oauth-flow.test.ts).
  const client = await runtime.store.registerClient({ name: 'test', redirectUris: ['http://127.0.0.1:1/cb'], tokenEndpointAuthMethod: 'none' });
  const issue = async (userId: string, groups: string[]) =>
    (
      await runtime.store.issueTokens({
        clientId: client.clientId,
        subject: { kind: 'user', userId, groups },
        audience: `${runtime.url}/authed/mcp`,
        scope: 'mcp:search',
        accessTtlSeconds: 600,
        refreshTtlSeconds: 600,
      })
    ).accessToken;
  tokens.member = await issue('ann', ['enterprise']);
  tokens.outsider = await issue('bob', []);
  const credential = await runtime.store.createClientCredential({ label: 'matrix' });
  const response = await fetch(`${runtime.url}/authed/mcp/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: credential.clientId, client_secret: credential.clientSecret }),
  });
  tokens.credential = ((await response.json()) as { access_token: string }).access_token;
});
afterAll(() => runtime?.close());

const kinds = Object.keys(PAGES) as Kind[];
/** The body of a 404 with the requested path blanked out (the sign-in link carries it). */
const withoutPath = (body: string, path: string) => body.replaceAll(encodeURIComponent(path), 'PATH');

describe.each(['anonymous', 'member', 'outsider'] as const)('people: %s', (who) => {
  it.each(kinds)('reads the %s page as HTML and Markdown only when allowed, and a refused page looks missing', async (kind) => {
    const { url } = PAGES[kind];
    const allowed = READS[who].includes(kind);
    const html = await browsers[who].get(url);
    const md = await browsers[who].get(`${url}.md`);
    expect([html.status, md.status]).toEqual(allowed ? [200, 200] : [404, 404]);
    if (!allowed) {
      const missing = await browsers[who].get(`${url}-missing`);
      expect(withoutPath(await html.text(), url)).toBe(withoutPath(await missing.text(), `${url}-missing`));
      expect(withoutPath(await md.text(), `${url}.md`)).toBe(withoutPath(await (await browsers[who].get(`${url}-missing.md`)).text(), `${url}-missing.md`));
    }
  });

  it('sees sidebar links, llms.txt and llms-full.txt entries only for readable pages', async () => {
    const overview = await (await browsers[who].get(PAGES.public.url)).text();
    const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(overview)![0];
    const llms = await (await browsers[who].get('/llms.txt')).text();
    const full = await (await browsers[who].get('/llms-full.txt')).text();
    for (const kind of kinds) {
      const allowed = READS[who].includes(kind);
      // The overview's sidebar shows its own tab (Enterprise), which holds every page but the login one.
      if (kind !== 'login') expect(sidebar.includes(`href="${PAGES[kind].url}"`), `sidebar ${kind}`).toBe(allowed);
      expect(llms.includes(`${PAGES[kind].url}.md`), `llms.txt ${kind}`).toBe(allowed);
      expect(full.includes(PAGES[kind].word), `llms-full.txt ${kind}`).toBe(allowed);
    }
  });

  it('shows a sign-in link to visitors and the name to signed-in users', async () => {
    const header = /<header class="site-header"[^>]*>[\s\S]*?<\/header>/.exec(await (await browsers[who].get(PAGES.public.url)).text())![0];
    if (who === 'anonymous') expect(header).toContain('href="/_docsite/login?return_to=%2Fenterprise%2Foverview">Sign in</a>');
    else expect(header).toContain(who === 'member' ? '<span>ann</span>' : '<span>bob</span>');
  });
});

describe.each(['anonymous', 'member', 'outsider', 'credential'] as const)('agents: %s', (who) => {
  const endpoint = () => (who === 'anonymous' ? `${runtime.url}/mcp` : `${runtime.url}/authed/mcp`);
  const token = () => (who === 'anonymous' ? undefined : tokens[who]);

  it.each(kinds)('finds words of the %s page in search only when allowed', async (kind) => {
    const text = await callTool(endpoint(), 'search_acme', { query: PAGES[kind].word }, token());
    expect(text.includes(PAGES[kind].url), text).toBe(READS[who].includes(kind));
  });

  it('sees only readable pages in the filesystem', async () => {
    const listing = await callTool(endpoint(), 'query_docs_filesystem_acme', { command: 'ls /enterprise && cat /quickstart.mdx | head -3' }, token());
    expect(listing.includes('overview.mdx')).toBe(true);
    expect(listing.includes('sso.mdx')).toBe(READS[who].includes('enterprise'));
    expect(listing.includes('audit-logs.mdx')).toBe(false);
    expect(listing.includes('Quickstart')).toBe(READS[who].includes('login'));
    const grep = await callTool(endpoint(), 'query_docs_filesystem_acme', { command: 'grep -rl deprovision /' }, token());
    expect(grep.includes('sso')).toBe(READS[who].includes('enterprise'));
  });
});

describe.each(['anonymous', 'member', 'outsider', 'credential'] as const)('feedback and resources: %s', (who) => {
  const endpoint = () => (who === 'anonymous' ? `${runtime.url}/mcp` : `${runtime.url}/authed/mcp`);
  const token = () => (who === 'anonymous' ? undefined : tokens[who]);

  it.each(kinds)('takes feedback on the %s page only when allowed, else answers as for a missing page', async (kind) => {
    const answer = await rpc(endpoint(), 'tools/call', { name: 'submit_feedback', arguments: { path: PAGES[kind].url, feedback: 'Outdated.' } }, token());
    const text = answer.body.result.content[0].text as string;
    if (READS[who].includes(kind)) expect(text).toContain(`your feedback on ${PAGES[kind].url}`);
    else expect(text.replace(PAGES[kind].url, 'PATH')).toBe(`No page at "PATH". Give the URL path of a page, e.g. /quickstart (search results show them).`);
  });

  it("lists the site's skills as resources", async () => {
    const answer = await rpc(endpoint(), 'resources/list', {}, token());
    expect(answer.body.result.resources.map((r: { uri: string }) => r.uri)).toContain('docsite://skills/acme-invoicing');
  });
});

describe('the public /mcp on an authenticated site', () => {
  it('stays anonymous even for a signed-in browser session', async () => {
    const cookie = (await browsers.member.get('/')).headers; // the session cookie is in the browser's jar
    expect(cookie).toBeDefined();
    const response = await browsers.member.request('/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_acme', arguments: { query: PAGES.enterprise.word } } }),
    });
    expect(JSON.stringify(await response.json())).not.toContain(PAGES.enterprise.url);
  });

  it('lists the authenticated server in discovery and its server card', async () => {
    const discovery = (await (await fetch(`${runtime.url}/.well-known/mcp`)).json()) as { servers: { name: string; url: string; authentication: string }[] };
    expect(discovery.servers).toEqual([
      { name: 'public', url: `${runtime.url}/mcp`, transport: 'http', authentication: 'none' },
      { name: 'authenticated', url: `${runtime.url}/authed/mcp`, transport: 'http', authentication: 'oauth2' },
    ]);
    const cards = (await (await fetch(`${runtime.url}/.well-known/mcp/server-cards.json`)).json()) as {
      servers: { url: string; authentication: string; tools: { name: string }[] }[];
    };
    expect(cards.servers.map((card) => [card.url, card.authentication])).toEqual([
      [`${runtime.url}/mcp`, 'none'],
      [`${runtime.url}/authed/mcp`, 'oauth2'],
    ]);
    expect(cards.servers[1]!.tools.map((tool) => tool.name)).toEqual(cards.servers[0]!.tools.map((tool) => tool.name));
    const tools = await rpc(`${runtime.url}/authed/mcp`, 'tools/list', {}, tokens.credential);
    expect(tools.body.result.tools.map((tool: { name: string }) => tool.name)).toEqual(cards.servers[1]!.tools.map((tool) => tool.name));
  });
});

describe('signing in and out', () => {
  it('refuses a wrong password, and a sign-in form posted from another site', async () => {
    const browser = new Browser(runtime.url);
    const wrong = await browser.signIn('ann', 'not-her-password');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Wrong username or password.');
    const form = await browser.get('/_docsite/login');
    const fields = Object.fromEntries([...(await form.text()).matchAll(/name="(csrf|return_to)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect((await browser.post('/_docsite/login', { ...fields, username: 'ann', password: 'ann-password' }, { origin: 'https://evil.test' })).status).toBe(403);
    expect((await browser.post('/_docsite/login', { username: 'ann', password: 'ann-password' })).status).toBe(403);
    expect((await browser.get('/quickstart')).status).toBe(404);
  });

  it('returns to the page asked for, but never to another site', async () => {
    const browser = new Browser(runtime.url);
    expect((await browser.signIn('ann', 'ann-password', '/enterprise/sso')).headers.get('location')).toBe('/enterprise/sso');
    for (const target of ['//evil.test/x', 'https://evil.test', '/\\evil.test']) {
      expect((await new Browser(runtime.url).signIn('ann', 'ann-password', target)).headers.get('location'), target).toBe('/');
    }
  });

  it('sets an HttpOnly, SameSite=Lax session cookie and ends it on sign-out', async () => {
    const browser = new Browser(runtime.url);
    const signedIn = await browser.signIn('bob', 'bob-password');
    const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith('docsite_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect((await browser.get('/quickstart')).status).toBe(200);
    const page = await (await browser.get('/_docsite/logout')).text();
    const csrf = /name="csrf" value="([^"]*)"/.exec(page)![1]!;
    const out = await browser.post('/_docsite/logout', { csrf });
    expect(out.status).toBe(303);
    expect((await browser.get('/quickstart')).status).toBe(404);
  });

  it('refuses a tampered session cookie', async () => {
    const forged = Buffer.from(JSON.stringify({ sub: 'eve', name: 'eve', groups: ['admins'], exp: Date.now() + 60_000 })).toString('base64url');
    const response = await fetch(`${runtime.url}${PAGES.admins.url}`, { headers: { cookie: `docsite_session=${forged}.AAAA` } });
    expect(response.status).toBe(404);
  });
});
