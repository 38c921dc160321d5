// The owner's dashboard as an owner uses it in Chromium, at desktop and phone width: every action, and axe on every page.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.js';
import { localConfig, startAuthRuntime, type AuthRuntime } from '../helpers/auth-runtime.js';
import { describeInChromium } from '../helpers/browser.js';
import { fitsViewportWidth, submitSignIn, VIEWPORTS } from '../helpers/browser-auth.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';

let site: AuthRuntime;
let plain: TestRuntime;
const today = new Date().toISOString().slice(0, 10);
/** The axe sweep over every dashboard page: 24 page loads and axe runs. */
const AXE_SWEEP_TIMEOUT = 120_000;

beforeAll(async () => {
  site = await startAuthRuntime(localConfig());
  await site.store.addUser({ username: 'tess', password: 'tess-password', groups: ['owners'] });
  const base = {
    projectId: 'acme',
    sources: [{ title: 'Quickstart', url: 'https://docs.acme.test/quickstart' }],
    pageUrl: '/quickstart',
    queryCategory: 'setup',
  };
  await site.store.addConversation({ ...base, query: 'How do I install?', response: 'Run npm install.', resolutionStatus: 'answered' });
  await site.store.addConversation({ ...base, query: 'Does it run on BSD?', response: 'I do not know.', resolutionStatus: 'unanswered' });
  await site.store.addFeedback({ projectId: 'acme', path: '/quickstart', comment: 'Step 3 fails', source: 'agent', helpful: false });
  const day = Math.floor(Date.now() / 86_400_000);
  await site.store.addUsageCounts({
    projectId: 'acme',
    tools: (['readerSearch', 'search', 'filesystem', 'authedSearch', 'authedFilesystem'] as const).map((tool) => ({ day, tool, calls: 1234, noResults: 56 })),
    queries: [{ day, query: 'a rather long search that somebody typed into the box', searches: 3, noResults: 3 }],
  });
  plain = await startRuntime();
  await plain.store.addUser({ username: 'olga', password: 'olga-password', owner: true });
});
afterAll(async () => {
  await site?.close();
  await plain?.close();
});

/** A signed-in owner's tab at `viewport` on the site with authentication. */
async function ownerTab(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await page.goto(`${site.url}/_docsite/admin/login`);
  await submitSignIn(page, 'tess', 'tess-password');
  expect(new URL(page.url()).pathname).toBe('/_docsite/admin');
  return page;
}

/** The page fits the screen's width; on a phone the menu above the page is no taller than its links. */
async function expectFits(page: Page): Promise<void> {
  expect(await fitsViewportWidth(page)).toBe(true);
  const spare = await page.evaluate(`(() => {
    const nav = document.querySelector('nav');
    const beside = nav.getBoundingClientRect().right <= document.querySelector('main').getBoundingClientRect().left;
    return beside ? 0 : nav.getBoundingClientRect().height - nav.querySelector('ul').getBoundingClientRect().height;
  })()`);
  expect(spare).toBeLessThan(24);
}

describeInChromium('the owner dashboard in Chromium', (browser) => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`signs in at the dashboard's own page on a site without authentication (${name})`, async () => {
      const context = await browser().newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${plain.url}/_docsite/admin/login`);
      await submitSignIn(page, 'olga', 'olga-password');
      expect(new URL(page.url()).pathname).toBe('/_docsite/admin');
      expect(await page.locator('header .who').innerText()).toContain('Signed in as olga');
      expect(await page.locator('h1').innerText()).toBe('Overview');
      await expectFits(page);
      await context.close();
    });

    it(`creates an API key shown once, copies it, and revokes it (${name})`, async () => {
      const page = await ownerTab(browser(), viewport);
      await page.getByRole('link', { name: 'API keys' }).click();
      await page.getByLabel('Assistant (assistant API)').check();
      await page.getByLabel('Label').fill(`widget ${name}`);
      await page.getByRole('button', { name: 'Create key' }).click();
      const key = await page.locator('#new-key').inputValue();
      expect(key).toMatch(/^docsite_/);
      await page.getByRole('button', { name: 'Copy the key' }).click();
      await page.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);
      await expectFits(page);
      await page.getByRole('link', { name: 'API keys' }).click();
      expect(await page.locator('#new-key').count()).toBe(0);
      expect(await page.content()).not.toContain(key);
      await page.getByRole('button', { name: `Revoke key widget ${name}` }).click();
      await page.getByRole('status').filter({ hasText: 'Revoked the key' }).waitFor();
      expect(await site.store.verifyApiKey(key)).toBeUndefined();
      await page.context().close();
    });

    it(`turns MCP off and on, generates and deletes a credential, and checks redirect URIs as you type (${name})`, async () => {
      const page = await ownerTab(browser(), viewport);
      await page.getByRole('link', { name: 'Security & access → MCP' }).click();
      await page.getByRole('button', { name: 'Turn the MCP server off' }).click();
      await page.getByRole('status').filter({ hasText: 'The MCP server is now off.' }).waitFor();
      expect((await site.store.getSettings()).mcpEnabled).toBe(false);
      await page.getByRole('button', { name: 'Turn the MCP server on' }).click();
      await page.getByRole('status').filter({ hasText: 'The MCP server is now on.' }).waitFor();
      expect((await site.store.getSettings()).mcpEnabled).toBe(true);

      await page.getByLabel('Label').fill(`sync ${name}`);
      await page.getByRole('button', { name: 'Generate' }).click();
      const clientId = await page.locator('#new-client-id').inputValue();
      const secret = await page.locator('#new-client-secret').inputValue();
      await page.getByRole('button', { name: 'Copy the client secret' }).click();
      await page.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
      await expectFits(page);
      await page.getByRole('button', { name: `Delete credential sync ${name}` }).click();
      await page.getByRole('status').filter({ hasText: 'Deleted the credential' }).waitFor();
      expect((await site.store.listClientCredentials()).map((c) => c.clientId)).not.toContain(clientId);

      const field = page.getByLabel('Add a redirect URI');
      const hint = page.locator('#redirect-uri-hint');
      for (const [typed, says] of [
        ['javascript:alert(1)', 'javascript: redirect URIs are never allowed'],
        ['data:text/html,hi', 'data: redirect URIs are never allowed'],
        ['http://localhost:3000/cb', 'Loopback addresses are always allowed'],
        ['app.example.com', 'Allowed.'],
      ] as [string, string][]) {
        await field.fill(typed);
        await expect.poll(() => hint.innerText()).toContain(says);
        expect(await field.getAttribute('aria-invalid')).toBe(says === 'Allowed.' ? 'false' : 'true');
      }
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Allowed app.example.com' }).waitFor();
      await page.getByRole('button', { name: 'Remove app.example.com' }).click();
      await page.getByRole('status').filter({ hasText: 'Removed app.example.com' }).waitFor();
      expect((await site.store.getSettings()).redirectUris).toEqual([]);
      await page.context().close();
    });

    it(`sets the status of feedback from the Feedback page (${name})`, async () => {
      const page = await ownerTab(browser(), viewport);
      await page.getByRole('link', { name: 'Feedback' }).click();
      const status = page.getByLabel(/Status of the feedback on \/quickstart/);
      const next = name === 'desktop' ? 'resolved' : 'dismissed';
      await status.selectOption(next);
      await page.getByRole('button', { name: 'Set' }).click();
      await page.getByRole('status').filter({ hasText: 'Status set.' }).waitFor();
      expect(await page.getByLabel(/Status of the feedback on \/quickstart/).inputValue()).toBe(next);
      const [feedback] = (await site.store.listFeedback({ projectId: 'acme', limit: 1 })).feedback;
      expect(feedback?.status).toBe(next);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^feedback-acme-[\d-]+\.csv$/);
      expect(readFileSync(await download.path(), 'utf8')).toContain(`,/quickstart,agent,${next},false,Step 3 fails`);
      await expectFits(page);
      await page.context().close();
    });

    it(`filters analytics by date, draws the chart, opens a conversation and exports the view (${name})`, async () => {
      const page = await ownerTab(browser(), viewport);
      await page.getByRole('link', { name: 'Assistant analytics' }).click();
      await page.getByLabel('From').fill(today);
      await page.getByLabel('To').fill(today);
      await page.getByRole('button', { name: 'Show' }).click();
      expect(new URL(page.url()).searchParams.get('from')).toBe(today);
      await page.locator('#per-day-chart[data-ready=true] canvas').waitFor();
      expect(await page.getByRole('table', { name: 'Conversations per day' }).innerText()).toContain(today);
      await expectFits(page);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'JSON Lines' }).click()]);
      const lines = readFileSync(await download.path(), 'utf8')
        .trim()
        .split('\n');
      expect(lines).toHaveLength(2);
      await page.getByRole('link', { name: 'Does it run on BSD?' }).click();
      expect(await page.locator('pre').nth(1).innerText()).toBe('I do not know.');
      await page.context().close();
    });
  }

  // Six pages in four looks, each loaded and checked by axe: longer than the default timeout on a slow or busy 2-core machine.
  it(
    'has no serious axe violations on any page, light or dark, desktop or phone',
    async () => {
      const problems: string[] = [];
      for (const viewport of Object.values(VIEWPORTS))
        for (const colorScheme of ['light', 'dark'] as const) {
          const context = await browser().newContext({ viewport, colorScheme, bypassCSP: true });
          const page = await context.newPage();
          await page.goto(`${site.url}/_docsite/admin/login`);
          await submitSignIn(page, 'tess', 'tess-password');
          for (const path of [
            '/_docsite/admin',
            '/_docsite/admin/keys',
            '/_docsite/admin/mcp',
            '/_docsite/admin/analytics',
            '/_docsite/admin/feedback',
            '/_docsite/admin/searches',
          ]) {
            await page.goto(site.url + path);
            if (path.endsWith('analytics')) await page.locator('#per-day-chart[data-ready=true]').waitFor();
            for (const violation of await axeViolations(page))
              problems.push(`${path} ${colorScheme} ${viewport.width}: ${violation.rule} ${violation.targets.join(', ')}`);
            if (!(await fitsViewportWidth(page))) problems.push(`${path} ${colorScheme} ${viewport.width}: scrolls sideways`);
          }
          await context.close();
        }
      expect(problems).toEqual([]);
    },
    AXE_SWEEP_TIMEOUT,
  );
});
