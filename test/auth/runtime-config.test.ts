// The runtime config of `docsite serve`: schema, defaults, secrets by reference only, positioned errors.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, parseRuntimeConfig, readRuntimeConfig, RuntimeConfigError } from '../../src/config/index.js';
import { UsageError } from '../../src/errors.js';

const FILE = 'docsite.config.json';
const parse = (text: string, env: Record<string, string> = {}, baseDir = tmpdir()) => parseRuntimeConfig(text, FILE, { env, baseDir });
const codes = (text: string, env: Record<string, string> = {}) => parse(text, env).diagnostics.map((d) => d.code);

describe('runtime config', () => {
  it('turns authentication on with the local provider and fills in the defaults', () => {
    const { config, diagnostics } = parse('{"siteUrl": "https://docs.acme.test/", "authentication": {"provider": {"type": "local"}}}');
    expect(diagnostics).toEqual([]);
    expect(config).toMatchObject({
      siteUrl: 'https://docs.acme.test',
      authentication: { provider: { type: 'local' }, session: { secret: undefined, lifetimeSeconds: 43_200 } },
      mcp: { enabled: true },
      oauth: {
        allowedRedirects: [],
        tokenLifetimes: { accessToken: 3600, clientCredentialAccessToken: 1_209_600, refreshToken: 2_592_000, authorizationCode: 60 },
      },
    });
  });

  it('reads the owners group of the dashboard (default owners) and the owner settings the file fixes', () => {
    expect(parse('{"authentication": {"provider": {"type": "local"}}}').config?.authentication?.ownersGroup).toBe('owners');
    expect(parse('{"authentication": {"provider": {"type": "local"}, "ownersGroup": "docs-team"}}').config?.authentication?.ownersGroup).toBe('docs-team');
    expect(parse('{}').config?.fixedSettings).toEqual([]);
    expect(parse('{"settings": {"fixed": ["mcpEnabled"]}}').config?.fixedSettings).toEqual(['mcpEnabled']);
    expect(codes('{"settings": {"fixed": ["theme"]}}')).toEqual(['runtime-config/schema']);
  });

  it('leaves authentication off without the block, or with enabled: false', () => {
    expect(parse('{}').config?.authentication).toBeUndefined();
    expect(parse('{"authentication": {"enabled": false, "provider": {"type": "local"}}}').config?.authentication).toBeUndefined();
    expect(DEFAULT_RUNTIME_CONFIG.authentication).toBeUndefined();
  });

  it('reads the oidc provider with its secret from the environment or a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsite-config-'));
    writeFileSync(join(dir, 'oidc-secret'), 'from-a-file\n');
    const oidc = (secret: object) =>
      `{"authentication": {"provider": {"type": "oidc", "issuer": "https://id.acme.test", "clientId": "docs", "clientSecret": ${JSON.stringify(secret)}, "scopes": ["profile", "groups"], "groupsClaim": "roles"}}}`;
    expect(parse(oidc({ env: 'OIDC_SECRET' }), { OIDC_SECRET: 'from-env' }).config?.authentication?.provider).toEqual({
      type: 'oidc',
      issuer: 'https://id.acme.test',
      clientId: 'docs',
      clientSecret: 'from-env',
      scopes: ['openid', 'profile', 'groups'],
      groupsClaim: 'roles',
      usernameClaim: 'preferred_username',
    });
    expect(parse(oidc({ file: 'oidc-secret' }), {}, dir).config?.authentication?.provider).toMatchObject({ clientSecret: 'from-a-file' });
  });

  it('refuses secrets written inline, without repeating them', () => {
    const result = parse(
      '{\n  "authentication": {\n    "provider": {"type": "oidc", "issuer": "https://id.acme.test", "clientId": "docs", "clientSecret": "hunter2-inline"}\n  }\n}',
    );
    expect(result.config).toBeUndefined();
    expect(result.diagnostics).toMatchObject([{ code: 'runtime-config/inline-secret', line: 3, severity: 'error' }]);
    expect(JSON.stringify(result.diagnostics)).not.toContain('hunter2');
  });

  it('reports secrets that cannot be resolved, and short session secrets', () => {
    expect(codes('{"authentication": {"provider": {"type": "local"}, "session": {"secret": {"env": "MISSING"}}}}')).toEqual([
      'runtime-config/secret-unavailable',
    ]);
    expect(codes('{"authentication": {"provider": {"type": "local"}, "session": {"secret": {"file": "no-such-file"}}}}')).toEqual([
      'runtime-config/secret-unavailable',
    ]);
    expect(codes('{"authentication": {"provider": {"type": "local"}, "session": {"secret": {"env": "S"}}}}', { S: 'short' })).toEqual([
      'runtime-config/secret-unavailable',
    ]);
  });

  it('makes unknown keys errors, so a typo never leaves a site open', () => {
    const result = parse('{\n  "authentcation": {"provider": {"type": "local"}}\n}');
    expect(result.config).toBeUndefined();
    expect(result.diagnostics).toMatchObject([
      { code: 'runtime-config/unknown-key', severity: 'error', line: 2, column: 3, message: 'Unknown key "authentcation".' },
    ]);
  });

  it('points at the line of schema errors and JSON syntax errors', () => {
    expect(parse('{\n  "authentication": {"provider": {"type": "oidc"}}\n}').diagnostics.map((d) => [d.line, d.message])).toEqual([
      [2, '"authentication.provider" is missing the required key "issuer".'],
      [2, '"authentication.provider" is missing the required key "clientId".'],
    ]);
    expect(parse('{\n  "oauth": {"tokenLifetimes": {"accessToken": 5}}\n}').diagnostics).toMatchObject([{ code: 'runtime-config/schema', line: 2 }]);
    expect(parse('{\n  "mcp": {"enabled": true},\n}').diagnostics).toMatchObject([{ code: 'runtime-config/invalid-json', line: 3, column: 1 }]);
  });

  it('parses allowed redirect URIs and refuses javascript:, data:, file: and vbscript: entries', () => {
    const ok = parse('{"oauth": {"allowedRedirectUris": ["claude.ai", "https://vscode.dev/redirect", "cursor://anysphere.cursor-mcp/oauth/callback"]}}');
    expect(ok.config?.oauth.allowedRedirects).toEqual([
      { entry: 'claude.ai', protocol: 'https:', host: 'claude.ai', path: undefined },
      { entry: 'https://vscode.dev/redirect', protocol: 'https:', host: 'vscode.dev', path: '/redirect' },
      { entry: 'cursor://anysphere.cursor-mcp/oauth/callback', protocol: 'cursor:', host: 'anysphere.cursor-mcp', path: '/oauth/callback' },
    ]);
    for (const entry of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,hi', 'file:///etc/passwd', 'vbscript:msgbox']) {
      expect(codes(`{"oauth": {"allowedRedirectUris": [${JSON.stringify(entry)}]}}`), entry).toEqual(['runtime-config/schema']);
    }
    expect(codes('{"oauth": {"allowedRedirectUris": ["https://app.example/cb#frag"]}}')).toEqual(['runtime-config/schema']);
  });

  it('uses <dir>/docsite.config.json when present, the defaults otherwise, and requires a --config file to exist', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsite-config-'));
    expect(await readRuntimeConfig(dir)).toBe(DEFAULT_RUNTIME_CONFIG);
    await expect(readRuntimeConfig(dir, join(dir, 'missing.json'))).rejects.toBeInstanceOf(UsageError);
    writeFileSync(join(dir, FILE), '{"projectId": "acme-prod", "mcp": {"enabled": false}}');
    expect(await readRuntimeConfig(dir)).toMatchObject({ projectId: 'acme-prod', mcp: { enabled: false } });
    writeFileSync(join(dir, FILE), '{"projectId": "Not A Slug"}');
    const error = await readRuntimeConfig(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeConfigError);
    expect((error as RuntimeConfigError).diagnostics).toMatchObject([{ file: join(dir, FILE), line: 1, code: 'runtime-config/schema' }]);
  });
});
