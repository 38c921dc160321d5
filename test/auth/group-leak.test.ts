// A page and a skill for one group (finance) never show for anyone else: anonymous visitors, a user
// of another group (staff), a client credential. Every read path is asked for words only they contain;
// a finance user is the control that those words are there to be found.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle, type LoadedBundle } from '../../src/bundle/index.js';
import { Browser, localConfig, SESSION_ENV, SITE_DOCUMENTS, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { callTool, rpc } from '../helpers/mcp-rpc.js';
import { page, writeSite } from '../helpers/site.js';

const SITE = {
  'docs.json': {
    name: 'Leaks',
    navigation: {
      tabs: [
        { tab: 'Welcome', groups: [{ group: 'Start', pages: ['index', 'guide'] }] },
        { tab: 'Vault', groups: [{ group: 'Books', pages: ['vault/open', 'vault/ledger', 'vault/after'] }] },
      ],
    },
  },
  'index.mdx': page({ title: 'Welcome', public: true }, 'Hello and welcome.'),
  'guide.mdx': page({ title: 'Guide' }, 'The guide for signed-in readers.'),
  'vault/open.mdx': page({ title: 'Open books', public: true }, 'Books anyone may read.'),
  'vault/ledger.mdx': page({ title: 'Ledger reconciliation', groups: ['finance'] }, 'The quinquennial ledger close, step by step.'),
  'vault/after.mdx': page({ title: 'After the close', public: true }, 'What follows any close.'),
  'skills/vault-close/SKILL.md': '---\nname: vault-close\ndescription: Run the quinquennial close.\ngroups: ["finance"]\n---\n\n# Closing the books\n',
};

/** What only the finance page and skill contain: their path, title, a word, the skill's name. */
const SECRETS = ['/vault/ledger', 'Ledger reconciliation', 'quinquennial', 'vault-close', 'ledger.mdx'];
/** What the search and the assistant are asked: the answers may repeat it, nothing more. */
const QUESTION = 'quinquennial ledger reconciliation';
type Who = 'anonymous' | 'staff' | 'credential' | 'finance';

let runtime: AuthRuntime;
let bundle: LoadedBundle;
const browsers: Partial<Record<Who, Browser>> = {};
const tokens: Partial<Record<Who, string>> = {};

beforeAll(async () => {
  const report = await build(writeSite(SITE), { out: mkdtempSync(join(tmpdir(), 'docsite-leak-')), jobs: 1 });
  expect(report.errors).toEqual([]);
  bundle = await readBundle(report.outDir);
  runtime = await startAuthRuntime(localConfig(), SESSION_ENV, bundle);
  const client = await runtime.store.registerClient({ name: 'leak test', redirectUris: ['http://127.0.0.1:1/cb'], tokenEndpointAuthMethod: 'none' });
  browsers.anonymous = new Browser(runtime.url);
  for (const [who, groups] of [
    ['staff', ['staff']],
    ['finance', ['finance']],
  ] as const) {
    await runtime.store.addUser({ username: who, password: `${who}-password`, groups: [...groups] });
    browsers[who] = new Browser(runtime.url);
    expect((await browsers[who].signIn(who, `${who}-password`)).status).toBe(303);
    const subject = { kind: 'user' as const, userId: who, groups: [...groups] };
    tokens[who] = (
      await runtime.store.issueTokens({
        clientId: client.clientId,
        subject,
        audience: `${runtime.url}/authed/mcp`,
        scope: 'mcp:search',
        accessTtlSeconds: 600,
        refreshTtlSeconds: 600,
      })
    ).accessToken;
  }
  const credential = await runtime.store.createClientCredential({ label: 'leak test' });
  const response = await fetch(`${runtime.url}/authed/mcp/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: credential.clientId, client_secret: credential.clientSecret }),
  });
  tokens.credential = ((await response.json()) as { access_token: string }).access_token;
}, 60_000);
afterAll(() => runtime?.close());

/** The secrets `text` contains. */
const leaked = (text: string): string[] => SECRETS.filter((secret) => text.includes(secret));

const tools = () => ({ search: bundle.manifest.tools.search.name, filesystem: bundle.manifest.tools.filesystem.name });
const endpointOf = (who: Who) => (who === 'anonymous' ? `${runtime.url}/mcp` : `${runtime.url}/authed/mcp`);

/** Everything an agent can read over MCP, as one text: search, filesystem commands, resources. */
async function mcpReads(who: Who): Promise<Record<string, string>> {
  const url = endpointOf(who);
  const token = tokens[who];
  const fs = (command: string) => callTool(url, tools().filesystem, { command }, token);
  const listed = await rpc(url, 'resources/list', {}, token);
  const read = await rpc(url, 'resources/read', { uri: 'docsite://skills/vault-close' }, token);
  const toolList = await rpc(url, 'tools/list', {}, token);
  return {
    search: (await callTool(url, tools().search, { query: QUESTION }, token)).replaceAll(`"${QUESTION}"`, 'QUESTION'),
    ls: await fs('ls -la / /vault'),
    cat: await fs('cat /vault/*.mdx'),
    // Naming the file gets the answer a missing file gets, which repeats the name it was given.
    catByName:
      (await fs('cat /vault/ledger.mdx')).replaceAll('/vault/ledger.mdx', 'NAME') ===
      (await fs('cat /vault/nothing.mdx')).replaceAll('/vault/nothing.mdx', 'NAME')
        ? ''
        : await fs('cat /vault/ledger.mdx'),
    grep: await fs('grep -rn quinquennial /'),
    find: await fs('find / -name "*.mdx"'),
    tree: await fs('tree /'),
    resourcesList: JSON.stringify(listed.body),
    resourcesRead: JSON.stringify(read.body.result ?? {}),
    toolsList: JSON.stringify(toolList.body),
  };
}

/** Everything a browser can fetch: readable pages whole, the restricted page, agent and discovery files. */
async function httpReads(browser: Browser): Promise<Record<string, string>> {
  const paths = ['/', '/guide', '/vault/open', '/vault/after', '/vault/ledger', '/vault/ledger.md', ...SITE_DOCUMENTS];
  const bodies: Record<string, string> = {};
  for (const path of paths) bodies[path] = await (await browser.get(path)).text();
  return bodies;
}

describe.each(['anonymous', 'staff', 'credential'] as const)('a finance-only page and skill, asked for over MCP as %s', (who) => {
  it('appear in no search result, filesystem command, resource or tool list', async () => {
    for (const [what, text] of Object.entries(await mcpReads(who))) expect(leaked(text), what).toEqual([]);
  });
});

describe.each(['anonymous', 'staff'] as const)('a finance-only page and skill, browsed as %s', (who) => {
  it('appear in no page, header, sidebar, pager, agent file or discovery file', async () => {
    const bodies = await httpReads(browsers[who]!);
    for (const [path, text] of Object.entries(bodies)) expect(leaked(text), path).toEqual([]);
    // The pages around the finance page were served (the check above saw their whole HTML).
    expect(bodies['/vault/after']).toContain('What follows any close.');
  });
});

describe('the same reads as a finance user (the control)', () => {
  it('find the page and skill over MCP', async () => {
    const reads = await mcpReads('finance');
    for (const what of ['search', 'ls', 'cat', 'grep', 'find', 'tree', 'resourcesList', 'resourcesRead']) expect(leaked(reads[what]!), what).not.toEqual([]);
  });

  it('find the page in the pages around it, the header tab and llms.txt', async () => {
    const bodies = await httpReads(browsers.finance!);
    for (const path of ['/vault/open', '/vault/after', '/vault/ledger', '/vault/ledger.md', '/llms.txt', '/llms-full.txt'])
      expect(leaked(bodies[path]!), path).not.toEqual([]);
    // Only what anyone may read goes in the sitemap.
    expect(leaked(bodies['/sitemap.xml']!)).toEqual([]);
  });
});

describe('the assistant endpoint', () => {
  it('never cites or quotes the finance page', async () => {
    const key = (await runtime.store.createApiKey({ kind: 'assistant' })).key;
    const response = await fetch(`${runtime.url}/v1/assistant/${bundle.manifest.site.projectId}/message`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: QUESTION, pagePath: '/vault/after' }),
    });
    expect(response.status).toBe(200);
    const { query, ...answer } = (await response.json()) as { query: string };
    expect(query).toBe(QUESTION);
    expect(leaked(JSON.stringify(answer))).toEqual([]);
  });
});
