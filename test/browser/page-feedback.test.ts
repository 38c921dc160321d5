import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Feedback } from '../../src/store/index.js';
import { ARTIFACTS, describeInChromium } from '../helpers/browser.js';
import { axeViolations, SCREENS } from '../helpers/axe.js';
import { serveSite, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

let runtime: TestRuntime;

beforeAll(async () => {
  const dir = writeSite({
    'docs.json': { name: 'Acme', navigation: { groups: [{ group: 'Guides', pages: ['index', 'guides/webhooks', 'guides/events'] }] } },
    'index.mdx': page({ title: 'Home' }, 'Welcome to Acme.'),
    'guides/webhooks.mdx': page({ title: 'Webhooks' }, '## Endpoints\n\nRegister a webhook endpoint to receive events.'),
    'guides/events.mdx': page({ title: 'Events' }, 'Events are sent to your webhook endpoints as they happen.'),
  });
  runtime = await serveSite(dir);
});
afterAll(async () => {
  await runtime?.close();
});

/** The feedback recorded so far, newest first. */
const recorded = async (): Promise<Pick<Feedback, 'path' | 'helpful' | 'comment' | 'source'>[]> =>
  (await runtime.store.listFeedback({ projectId: 'acme', limit: 100 })).feedback.map(({ path, helpful, comment, source }) => ({
    path,
    helpful,
    comment,
    source,
  }));
// Strings, evaluated in the page: the tests are compiled without the DOM's types.
const focusedText = (tab: Page): Promise<string> => tab.evaluate("document.activeElement?.textContent ?? ''");
const focusedTag = (tab: Page): Promise<string> => tab.evaluate("document.activeElement?.tagName ?? ''");

describeInChromium('the page feedback widget in Chromium', (browser) => {
  for (const { name, viewport } of SCREENS) {
    it(`records a No the moment it is clicked, adds the comment sent after, and keeps a Yes whose reader just leaves (${name})`, async () => {
      const context = await browser().newContext({ viewport });
      const tab = await context.newPage();
      await tab.goto(`${runtime.url}/guides/webhooks`);
      const widget = tab.getByRole('region', { name: 'Was this page helpful?' });
      await widget.scrollIntoViewIfNeeded();
      expect(await widget.isVisible()).toBe(true);
      const comment = widget.getByRole('textbox', { name: 'Anything to add? (optional)' });
      expect(await comment.isVisible()).toBe(false);
      await tab.screenshot({ path: join(ARTIFACTS, `page-feedback-${name}-ask.png`) });

      const no = widget.getByRole('button', { name: 'No', exact: true });
      await no.click();
      expect(await no.getAttribute('aria-pressed')).toBe('true');
      expect(await widget.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => comment.isVisible()).toBe(true);
      expect(await focusedTag(tab)).toBe('TEXTAREA');
      // Recorded already: a reader who stops here has still answered.
      const before = (await recorded()).length;
      expect((await recorded())[0]).toEqual({ path: '/guides/webhooks', helpful: false, comment: '', source: 'widget' });
      // One answer per page view: the other button cannot count a second.
      expect(await widget.getByRole('button', { name: 'Yes' }).isDisabled()).toBe(true);
      await comment.fill('The retry schedule is missing.');
      await tab.screenshot({ path: join(ARTIFACTS, `page-feedback-${name}-comment.png`) });
      await widget.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => widget.getByRole('status').textContent()).toBe('Thanks for your feedback!');
      expect(await no.isVisible()).toBe(false);
      expect(await comment.isVisible()).toBe(false);
      await tab.screenshot({ path: join(ARTIFACTS, `page-feedback-${name}-thanks.png`) });
      expect((await recorded())[0]).toEqual({ path: '/guides/webhooks', helpful: false, comment: 'The retry schedule is missing.', source: 'widget' });
      expect((await recorded()).length).toBe(before);

      await tab.goto(`${runtime.url}/guides/events`);
      await tab.getByRole('button', { name: 'Yes' }).click();
      await expect.poll(() => tab.getByRole('status').textContent()).toBe('Thanks! Your answer is recorded.');
      await tab.goto(`${runtime.url}/`);
      expect((await recorded())[0]).toEqual({ path: '/guides/events', helpful: true, comment: '', source: 'widget' });
      await context.close();
    });
  }

  it('works from the keyboard alone, and the thanks takes the focus', async () => {
    const context = await browser().newContext({ viewport: SCREENS[0].viewport });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/`);
    // The answers are buttons in the tab order: Tab goes from one to the other, Enter answers.
    await tab.getByRole('button', { name: 'Yes' }).focus();
    await tab.keyboard.press('Tab');
    expect(await focusedText(tab)).toBe('No');
    await tab.keyboard.press('Shift+Tab');
    await tab.keyboard.press('Enter');
    await expect.poll(() => focusedTag(tab)).toBe('TEXTAREA');
    await tab.keyboard.type('Clear, thanks.');
    await tab.keyboard.press('Tab');
    expect(await focusedText(tab)).toBe('Send');
    await tab.keyboard.press('Enter');
    await expect.poll(() => focusedText(tab)).toBe('Thanks for your feedback!');
    expect((await recorded())[0]).toEqual({ path: '/', helpful: true, comment: 'Clear, thanks.', source: 'widget' });
    await context.close();
  });

  it('is not shown without JavaScript', async () => {
    const context = await browser().newContext({ viewport: SCREENS[1].viewport, javaScriptEnabled: false });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/guides/webhooks`);
    expect(await tab.locator('.feedback-widget').count()).toBe(1);
    expect(await tab.locator('.feedback-widget').isVisible()).toBe(false);
    await context.close();
  });

  it('has no serious or critical axe violations with the comment box open, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      // axe is injected as a script of its own (see axeViolations).
      const context = await browser().newContext({ viewport: SCREENS[0].viewport, colorScheme, bypassCSP: true });
      const tab = await context.newPage();
      await tab.goto(`${runtime.url}/guides/webhooks`);
      await tab.getByRole('button', { name: 'No', exact: true }).click();
      await tab.getByRole('textbox', { name: 'Anything to add? (optional)' }).scrollIntoViewIfNeeded();
      await tab.screenshot({ path: join(ARTIFACTS, `page-feedback-${colorScheme}.png`) });
      expect(await axeViolations(tab), colorScheme).toEqual([]);
      await context.close();
    }
  });
});
