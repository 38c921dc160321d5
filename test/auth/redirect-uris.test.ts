// SPEC.md 5.4 redirect rules, case by case: loopback always, listed hosts and full URIs, blocked schemes never.
import { describe, expect, it } from 'vitest';
import { redirectPolicy } from '../../src/auth/index.js';
import { parseRedirectEntry, type AllowedRedirect } from '../../src/config/index.js';

const allowed = ['claude.ai', 'https://vscode.dev/redirect', 'cursor://anysphere.cursor-mcp/oauth/callback', 'com.example.app:/oauth'].map(
  (entry) => parseRedirectEntry(entry) as AllowedRedirect,
);
const policy = redirectPolicy(allowed);
const defaults = redirectPolicy([]);

describe('redirect URIs allowed at registration and authorization', () => {
  it.each([
    ['http://localhost:33418/callback', 'loopback localhost, any port and path'],
    ['http://127.0.0.1:6274/oauth/callback', 'loopback IPv4'],
    ['http://[::1]:8080/cb', 'loopback IPv6'],
    ['http://localhost/cb', 'loopback without a port'],
    ['https://localhost:9999/cb', 'loopback over https'],
  ])('always allows %s (%s)', (uri) => {
    expect(defaults.problemWith(uri)).toBeUndefined();
    expect(policy.problemWith(uri)).toBeUndefined();
  });

  it.each([
    ['https://claude.ai/api/mcp/auth_callback', 'a listed host, any https path'],
    ['https://CLAUDE.ai/other', 'host names compare case-insensitively'],
    ['https://vscode.dev/redirect', 'a listed full URI, exactly'],
    ['cursor://anysphere.cursor-mcp/oauth/callback', 'a custom scheme written in full'],
    ['com.example.app:/oauth', 'a private-use scheme without authority'],
  ])('allows %s when listed (%s)', (uri) => {
    expect(policy.problemWith(uri)).toBeUndefined();
    expect(defaults.problemWith(uri)).toMatchObject({ reason: expect.stringMatching(/not allowed/), forbidden: false });
  });

  it.each([
    ['http://claude.ai/api/mcp/auth_callback', 'a bare host means https only'],
    ['https://evil.claude.ai/cb', 'no subdomains of a listed host'],
    ['https://claude.ai.evil.test/cb', 'no look-alike hosts'],
    ['https://vscode.dev/other', 'a full URI allows only its path'],
    ['cursor://anysphere.cursor-mcp/elsewhere', 'a custom scheme only at the listed path'],
    ['vscode://vscode.github-authentication/did-authenticate', 'unlisted custom schemes'],
    ['https://example.com/cb', 'unlisted https hosts'],
  ])('refuses %s (%s)', (uri) => {
    expect(policy.problemWith(uri)).toMatchObject({ reason: expect.stringMatching(/not allowed/), forbidden: false });
  });

  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>1</script>', 'file:///etc/passwd', 'vbscript:msgbox(1)'])(
    'never allows %s',
    (uri) => {
      expect(policy.problemWith(uri)).toMatchObject({ reason: expect.stringMatching(/never allowed/), forbidden: true });
      expect(redirectPolicy([{ entry: 'x', protocol: new URL(uri).protocol, host: '', path: undefined }]).problemWith(uri)).toMatchObject({ forbidden: true });
    },
  );

  it.each([
    ['http://localhost:3000/cb#fragment', /fragment/],
    ['http://user:pw@localhost:3000/cb', /user name/],
    ['not a uri', /not a valid/],
    ['/relative/path', /not a valid/],
  ])('refuses %s', (uri, problem) => {
    expect(policy.problemWith(uri)).toMatchObject({ reason: expect.stringMatching(problem), forbidden: true });
  });
});

describe('matching a requested redirect URI to the registered ones', () => {
  const registered = ['http://127.0.0.1:5000/callback', 'https://claude.ai/api/mcp/auth_callback'];

  it('matches exactly, and loopback URIs on any port (RFC 8252)', () => {
    expect(policy.isRegistered('https://claude.ai/api/mcp/auth_callback', registered)).toBe(true);
    expect(policy.isRegistered('http://127.0.0.1:5000/callback', registered)).toBe(true);
    expect(policy.isRegistered('http://127.0.0.1:61234/callback', registered)).toBe(true);
  });

  it('refuses any other difference', () => {
    for (const uri of [
      'https://claude.ai/api/mcp/auth_callback/',
      'https://claude.ai/api/mcp/auth_callback?x=1',
      'http://127.0.0.1:5000/other',
      'http://localhost:5000/callback',
      'https://claude.ai:8443/api/mcp/auth_callback',
    ]) {
      expect(policy.isRegistered(uri, registered), uri).toBe(false);
    }
  });
});
