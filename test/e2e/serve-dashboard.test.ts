// `docsite serve` gives the dashboard the runtime config's owners group and fixed settings, and its assets from the built package.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, SESSION_ENV } from '../helpers/auth-runtime.js';
import { runCli } from '../helpers/cli.js';
import { csrfOf, expectMissing } from '../helpers/dashboard.js';
import { copyExample, startServe, type ServeProcess } from '../helpers/serve-process.js';

let server: ServeProcess;
let site: string;

beforeAll(async () => {
  site = copyExample();
  const data = mkdtempSync(join(tmpdir(), 'docsite-data-'));
  writeFileSync(
    join(site, 'docsite.config.json'),
    JSON.stringify({
      authentication: { provider: { type: 'local' }, session: { secret: { env: 'SESSION_SECRET' } }, ownersGroup: 'docs-team' },
      mcp: { enabled: false },
      oauth: { allowedRedirectUris: ['claude.ai'] },
      settings: { fixed: ['mcpEnabled'] },
    }),
  );
  for (const [name, group] of [
    ['tess', 'docs-team'],
    ['rita', 'owners'],
  ] as const)
    expect(runCli(['users', 'add', name, '--group', group, '--password', `${name}-password`, site, '--data-dir', data]).code).toBe(0);
  server = await startServe(site, ['--data-dir', data], SESSION_ENV);
}, 120_000);
afterAll(() => server?.stop());

it('admits the configured owners group only, shows the fixed MCP switch and the file’s redirect URIs, and serves the assets', async () => {
  const reader = new Browser(server.url);
  await reader.signIn('rita', 'rita-password');
  await expectMissing(reader, '/_docsite/admin');

  const owner = new Browser(server.url);
  await owner.signIn('tess', 'tess-password');
  const page = await owner.get('/_docsite/admin/mcp');
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('The MCP server is <strong>off</strong>.</p><p class="fixed">');
  expect(html).toContain('<code>claude.ai</code></td><td><span class="muted">runtime config file</span>');
  const refused = await owner.post('/_docsite/admin/mcp/switch', { csrf: csrfOf(html), enabled: 'on' });
  expect(refused.status).toBe(409);
  expect(await refused.text()).toContain(`mcpEnabled is fixed by the runtime config ${join(site, 'docsite.config.json')}`);
  for (const asset of ['admin.js', 'admin.css', 'uplot.js', 'uplot.css', 'redirect-check.js']) {
    expect((await owner.get(`/_docsite/admin/assets/${asset}`)).status).toBe(200);
  }
  const check = await (await owner.get('/_docsite/admin/assets/redirect-check.js')).text();
  const { redirectUriProblem } = (await import(`data:text/javascript,${encodeURIComponent(check)}`)) as {
    redirectUriProblem(entry: string): string | undefined;
  };
  expect(redirectUriProblem('javascript:alert(1)')).toBe('Not allowed: javascript: redirect URIs are never allowed.');
  expect(redirectUriProblem('app.example.com')).toBeUndefined();
});
