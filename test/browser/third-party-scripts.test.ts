// A site's own .js files loading a third-party widget, as Mintlify documents it (a script element
// made with document.createElement, its src set), and writing a cookie banner's buttons with inline
// onclick handlers: both run; a script whose origin, or a handler whose text, the file does not
// write out stays blocked by the pages' Content-Security-Policy.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium } from '../helpers/browser.js';
import { serveSite, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

let runtime: TestRuntime & { report: { warnings: { file: string; code: string }[] } };
let widgetHost: Server;
/** Paths the widget host was asked for. */
const requested: string[] = [];

beforeAll(async () => {
  // The third party: another origin than the site's (another port), serving two scripts.
  widgetHost = createServer((req, res) => {
    requested.push(req.url ?? '');
    const mark = req.url === '/widget.js' ? 'widget' : 'blocked';
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(`document.body.dataset.${mark} = 'ran';`);
  });
  await new Promise<void>((resolve) => widgetHost.listen(0, '127.0.0.1', resolve));
  const { port } = widgetHost.address() as AddressInfo;
  runtime = await serveSite(
    writeSite({
      'docs.json': { name: 'Widgets', navigation: { pages: ['index'] } },
      'index.mdx': page({ title: 'Home' }, 'Hello.'),
      'widget-loader.js': `const script = document.createElement("script");\nscript.src = "http://127.0.0.1:${port}/widget.js";\nscript.async = true;\ndocument.head.appendChild(script);\n`,
      // A cookie banner's way: markup with inline handlers, one of them computed.
      'banner.js':
        'const banner = document.createElement("div");\n' +
        `banner.innerHTML = '<button id="accept" onclick="document.body.dataset.accepted = 1">Accept</button>' + '<button id="computed" onclick="document.body.dataset.computed = ' + (1 + 1) + '">Other</button>';\n` +
        'document.body.append(banner);\n',
      // Its host computed: docsite cannot tell the origin before serving, and warns.
      'computed-loader.js': `const other = document.createElement("script");\nother.setAttribute("src", "http://" + ["localhost", ${port}].join(":") + "/blocked.js");\ndocument.head.appendChild(other);\n`,
    }),
  );
});
afterAll(async () => {
  await runtime?.close();
  widgetHost?.close();
});

describeInChromium('third-party scripts of a site', (browser) => {
  it("runs the widget a site's script loads from an origin it writes out and the inline handlers it writes; blocks what it computes", async () => {
    expect(runtime.report.warnings.map((w) => `${w.file} ${w.code}`)).toEqual(['computed-loader.js script/unknown-origin']);
    const tab = await browser().newPage();
    const violations: string[] = [];
    tab.on('console', (message) => message.type() === 'error' && violations.push(message.text()));
    await tab.goto(`${runtime.url}/`);
    await tab.waitForFunction("document.body.dataset.widget === 'ran'", undefined, { timeout: 10_000 });
    await tab.waitForFunction("document.readyState === 'complete'");
    expect(await tab.evaluate('document.body.dataset.blocked')).toBeUndefined();
    expect(violations.some((text) => text.includes('blocked.js') && text.includes('Content Security Policy'))).toBe(true);
    expect(requested).toEqual(['/widget.js']);
    // The banner's own handler runs; one whose text is computed does not.
    await tab.click('#accept');
    await tab.click('#computed');
    expect(await tab.evaluate('[document.body.dataset.accepted, document.body.dataset.computed]')).toEqual(['1', undefined]);
    expect(violations.some((text) => text.includes('inline event handler'))).toBe(true);
    await tab.close();
  });
});
