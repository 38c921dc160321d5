import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiChatModel } from '../../src/assistant/index.js';
import { startFakeModel, type FakeModel } from '../api/fake-model.js';
import { ARTIFACTS, describeInChromium } from '../helpers/browser.js';
import { axeViolations, SCREENS } from '../helpers/axe.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';

let model: FakeModel;
let runtime: TestRuntime;

beforeAll(async () => {
  model = await startFakeModel();
  runtime = await startRuntime({ assistantModel: openAiChatModel({ baseUrl: model.baseUrl, model: 'docs-model-1' }) });
  model.answerWith({
    content:
      `To refund a payment, send \`POST /refunds\` with the **payment id**.\n\n` +
      `- Card refunds take 5 to 10 business days ([Refunds](${runtime.url}/concepts/payments/refunds#refunds)).\n` +
      '- SEPA refunds go out as credit transfers.\n\n' +
      'Never [click this](javascript:window.pwned=1) <img src=x onerror=window.pwned=2>.',
  });
  // Slow enough to see the answer grow.
  model.streamAnswers({ chunkDelayMs: 40 });
});
afterAll(async () => {
  await runtime?.close();
  await model?.close();
});

/** What the panel shows: whether it is open and modal, the answer's text, whether it is still coming, its links. */
interface PanelState {
  open: boolean;
  modal: boolean;
  width: number;
  answer: string;
  busy: boolean;
  links: string[];
  sources: string[];
  focused: string;
  /** Whether anything in the answer ran or became an element (window.pwned, an img). */
  injected: boolean;
}
// A string, as the test's TypeScript has no DOM types; evaluated in the page by the browser's debugger, which its CSP does not govern.
const PANEL_STATE = `(() => {
  const panel = document.querySelector('.ask-panel');
  const answer = panel?.querySelector('.ask-answer:last-of-type');
  return {
    open: panel?.open ?? false,
    modal: panel?.matches(':modal') ?? false,
    width: panel?.getBoundingClientRect().width ?? 0,
    answer: answer?.textContent ?? '',
    busy: answer?.getAttribute('aria-busy') === 'true',
    links: [...(panel?.querySelectorAll('.ask-answer a, .ask-sources a') ?? [])].map((a) => a.getAttribute('href') ?? ''),
    sources: [...(panel?.querySelectorAll('.ask-sources a') ?? [])].map((a) => a.textContent ?? ''),
    focused: document.activeElement?.className ?? '',
    injected: window.pwned !== undefined || panel?.querySelector('img') !== null,
  };
})()`;
const panelState = (tab: Page): Promise<PanelState> => tab.evaluate(PANEL_STATE) as Promise<PanelState>;

describeInChromium('Ask AI in Chromium', (browser) => {
  describe.each(SCREENS)('on a $name screen', ({ name, viewport }) => {
    it('opens from the header, streams the answer as text and safe links, lists the sources, and Escape closes it', async () => {
      const context = await browser().newContext({ viewport });
      const tab = await context.newPage();
      const refused: string[] = [];
      tab.on('console', (message) => {
        if (/Content Security Policy|error/i.test(message.text())) refused.push(message.text());
      });
      await tab.goto(`${runtime.url}/concepts/payments/overview`);
      const button = tab.getByRole('button', { name: 'Ask AI', exact: true });
      await tab.screenshot({ path: join(ARTIFACTS, `ask-ai-header-${name}.png`) });
      await button.click();
      await expect.poll(async () => (await panelState(tab)).open).toBe(true);
      expect(await panelState(tab)).toMatchObject({ focused: 'ask-input', modal: name === 'phone' });
      if (name === 'phone') expect((await panelState(tab)).width).toBe(390);
      expect(await tab.getByRole('dialog', { name: 'Ask AI' }).isVisible()).toBe(true);
      expect(await button.getAttribute('aria-expanded')).toBe('true');

      await tab.getByRole('textbox', { name: 'Your question' }).fill('How do I refund a payment?');
      await tab.keyboard.press('Enter');
      // Part of the answer shows while the rest is still on its way.
      await expect
        .poll(async () => {
          const state = await panelState(tab);
          return state.busy && state.answer.startsWith('To refund a payment');
        })
        .toBe(true);
      await tab.screenshot({ path: join(ARTIFACTS, `ask-ai-streaming-${name}.png`) });
      await expect.poll(async () => (await panelState(tab)).sources.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const state = await panelState(tab);
      expect(state.busy).toBe(false);
      expect(state.answer).toContain('POST /refunds');
      expect(state.answer).toContain('Never click this <img src=x onerror=window.pwned=2>.');
      expect(state.injected).toBe(false);
      // Links of this site stay on it as paths; nothing but http(s) becomes a link.
      expect(state.links).toContain('/concepts/payments/refunds#refunds');
      expect(state.links.every((href) => href.startsWith('/'))).toBe(true);
      expect(state.sources[0]).toBe('Refunds and credit notes › Refunds');
      await tab.screenshot({ path: join(ARTIFACTS, `ask-ai-answer-${name}.png`) });

      await tab.keyboard.press('Escape');
      await expect.poll(async () => (await panelState(tab)).open).toBe(false);
      expect(await tab.evaluate('document.activeElement?.textContent')).toBe('Ask AI');
      expect(refused).toEqual([]);
      await context.close();
    });
  });

  it('opens on Ctrl+I, and asks the question of a ?assistant= link at once', async () => {
    const context = await browser().newContext({ viewport: SCREENS[0].viewport });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/guides/webhooks`);
    await tab.keyboard.press('Control+i');
    await expect.poll(async () => (await panelState(tab)).open).toBe(true);
    await tab.goto(`${runtime.url}/guides/webhooks?assistant=${encodeURIComponent('How do I refund a payment?')}`);
    await expect.poll(async () => (await panelState(tab)).sources.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await tab.locator('.ask-question').textContent()).toBe('How do I refund a payment?');
    await context.close();
  });

  it('has no serious or critical axe violations in the panel with an answer, or the header, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      // axe is injected as a script of its own (see axeViolations).
      const context = await browser().newContext({ viewport: SCREENS[0].viewport, colorScheme, bypassCSP: true });
      const tab = await context.newPage();
      await tab.goto(`${runtime.url}/concepts/payments/overview?assistant=${encodeURIComponent('How do I refund a payment?')}`);
      await expect.poll(async () => (await panelState(tab)).sources.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await tab.screenshot({ path: join(ARTIFACTS, `ask-ai-${colorScheme}.png`) });
      // The panel and the header's button: the page beside it has suites of its own.
      expect(await axeViolations(tab, ['.ask-panel', '.site-header']), colorScheme).toEqual([]);
      await context.close();
    }
  });
});
