// Owners and others at the owner's dashboard over HTTP: signing in, the form token, what a missing page answers.
import { expect } from 'vitest';
import { Browser } from './auth-runtime.js';
import { startRuntime, type TestRuntime } from './runtime.js';

/** The CSRF token of the dashboard page `html` (every form of a page carries the same one). */
export function csrfOf(html: string): string {
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no csrf field on the page');
  return token;
}

/** An owner account's browser signed in at the dashboard's own sign-in page (a site without authentication). */
export async function ownerAccountBrowser(url: string, username: string, password: string): Promise<Browser> {
  const browser = new Browser(url);
  const form = await browser.get('/_docsite/admin/login');
  const signedIn = await browser.post('/_docsite/admin/login', { csrf: csrfOf(await form.text()), username, password });
  expect(signedIn.status).toBe(303);
  expect(signedIn.headers.get('location')).toBe('/_docsite/admin');
  return browser;
}

/** The example site served without authentication, with an owner account `olga` signed in at the dashboard. */
export async function runtimeWithOwner(): Promise<{ runtime: TestRuntime; owner: Browser }> {
  const runtime = await startRuntime();
  await runtime.store.addUser({ username: 'olga', password: 'olga-password', owner: true });
  return { runtime, owner: await ownerAccountBrowser(runtime.url, 'olga', 'olga-password') };
}

const MISSING = '/_docsite/no-such-page';

/** A 404 page's body with its own path (in links that come back to it) written as PATH. */
function withoutPath(body: string, path: string): string {
  return body.replaceAll(encodeURIComponent(path), 'PATH').replaceAll(path, 'PATH');
}

/** Expects `path` to answer `browser` exactly as a path that exists nowhere does (the page's own path aside). */
export async function expectMissing(browser: Browser, path: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await browser.get(path, headers);
  const missing = await browser.get(MISSING, headers);
  expect({ status: response.status, type: response.headers.get('content-type'), body: withoutPath(await response.text(), path) }).toEqual({
    status: missing.status,
    type: missing.headers.get('content-type'),
    body: withoutPath(await missing.text(), MISSING),
  });
}
