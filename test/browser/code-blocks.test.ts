import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium } from '../helpers/browser.js';
import { fitsViewportWidth, screenshotAtViewports } from '../helpers/browser-auth.js';
import { serveSite, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

const FENCE = '```';
const LONG_YAML = Array.from({ length: 24 }, (_, i) => `step_${i}:\n  run: "echo ${i}"`).join('\n');
const BODY = [
  `${FENCE}ts client.ts lines {2}`,
  'import { Client } from "@acme/sdk";',
  'const client = new Client({ apiKey: process.env.ACME_KEY });',
  'const user = await client.users.create({ name: "Ann" }); // [!code ++]',
  'console.log(user.id); // [!code --]',
  FENCE,
  '',
  `${FENCE}python focus=2`,
  'import os',
  'client = Client(api_key=os.environ["ACME_KEY"])',
  'print(client.users.list())  # every user',
  FENCE,
  '',
  `${FENCE}bash wrap`,
  `curl -X POST https://api.acme.test/v1/users -H "Authorization: Bearer $ACME_KEY" -H "Content-Type: application/json" -d '{"name": "Ann", "email": "ann@acme.test"}'`,
  FENCE,
  '',
  `${FENCE}yaml workflow.yml expandable`,
  LONG_YAML,
  FENCE,
  '',
  `${FENCE}html`,
  '<script>alert("never runs")</script>',
  FENCE,
].join('\n');

/** The first token of the TypeScript block: `import`, a keyword. */
const KEYWORD = '.code-block code.language-ts .line span';

let runtime: TestRuntime;

beforeAll(async () => {
  const dir = writeSite({
    'docs.json': { name: 'Acme', theme: 'mint', navigation: { pages: ['index'] } },
    'index.mdx': page({ title: 'Code' }, BODY),
  });
  runtime = await serveSite(dir);
});
afterAll(async () => {
  await runtime?.close();
});

describeInChromium('highlighted code in Chromium', (browser) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`colours code in ${colorScheme}, marks lines, fits a phone`, async () => {
      const context = await browser().newContext({ colorScheme });
      const tab = await context.newPage();
      const dialogs: string[] = [];
      tab.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await tab.goto(`${runtime.url}/`);
      expect(await tab.locator(KEYWORD).first().innerText()).toBe('import');
      // GitHub's keyword red, as each theme has it.
      expect(await tab.evaluate(`getComputedStyle(document.querySelector('${KEYWORD}')).color`)).toBe(
        colorScheme === 'light' ? 'rgb(207, 34, 46)' : 'rgb(255, 123, 114)',
      );
      const marked = tab.locator('.code-block code.language-ts .line');
      expect(await marked.nth(1).getAttribute('class')).toBe('line highlighted');
      expect(await marked.nth(2).getAttribute('class')).toBe('line diff add');
      // Lines out of focus are grey, as readable as the rest.
      expect(await tab.evaluate("getComputedStyle(document.querySelector('.has-focused .line')).filter")).toBe('grayscale(1)');
      expect(await tab.locator('.code-block code.language-html').innerText()).toBe('<script>alert("never runs")</script>');
      await screenshotAtViewports(tab, `code-blocks-${colorScheme}`);
      await tab.setViewportSize({ width: 390, height: 844 });
      expect(await fitsViewportWidth(tab)).toBe(true);
      expect(dialogs).toEqual([]);
      await context.close();
    });
  }

  it('opens a collapsed block without script, and copies code without notation or numbers', async () => {
    const context = await browser().newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const tab = await context.newPage();
    await tab.goto(`${runtime.url}/`);
    const yaml = tab.locator('.code-expandable');
    const height = (): Promise<number> => tab.evaluate("document.querySelector('.code-expandable pre').clientHeight") as Promise<number>;
    const collapsed = await height();
    await yaml.locator('summary').click();
    expect(await height()).toBeGreaterThan(collapsed * 2);
    expect(await yaml.locator('summary').innerText()).toBe('Collapse');

    await tab.locator('.code-lines .copy-button').click();
    await expect
      .poll(() => tab.evaluate('navigator.clipboard.readText()'))
      .toBe(
        [
          'import { Client } from "@acme/sdk";',
          'const client = new Client({ apiKey: process.env.ACME_KEY });',
          'const user = await client.users.create({ name: "Ann" });',
          'console.log(user.id);',
        ].join('\n'),
      );
    await context.close();
  });
});
