// docs.json's presentation keys as built pages show them: colors, fonts, appearance, background,
// navbar, footer, banner, meta tags, thumbnails, variables, and the docs folder's own CSS and JS.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, readBundle, type Manifest } from '../../src/bundle/index.js';
import type { DocsConfig } from '../../src/config/index.js';
import { siteStyle, THEME_SCRIPT_HASH } from '../../src/render/index.js';
import { startRuntime, type TestRuntime } from '../helpers/runtime.js';
import { page, writeSite } from '../helpers/site.js';

const DOCS = {
  name: 'Acme',
  theme: 'mint',
  colors: { primary: '#166E3F', light: '#26BD6C', dark: '#0D4F2C' },
  fonts: { family: 'Open Sans', weight: 400, heading: { family: 'Brand "Sans"', source: 'https://cdn.acme.test/brand.woff2', weight: 700 } },
  appearance: { default: 'dark', strict: true },
  background: { color: { light: '#fafafa', dark: '#121317' }, decoration: 'grid' },
  navbar: {
    links: [
      { label: 'Blog <new>', href: 'https://blog.acme.test' },
      { type: 'github', href: 'https://github.com/acme/acme' },
    ],
    primary: { type: 'button', label: 'Get started', href: 'https://acme.test/start' },
  },
  footer: {
    socials: { x: 'https://x.com/acme', github: 'https://github.com/acme' },
    links: [{ header: 'Company & co', items: [{ label: 'Careers', href: 'https://acme.test/careers' }] }],
  },
  banner: { content: '**v2** is out: [read the notes & more](/guide) <script>alert(1)</script>', dismissible: true },
  seo: { metatags: { 'og:site_name': 'Acme "Docs"', 'twitter:site': '@acme', canonical: 'https://docs.acme.test', 'x"><script>': 'y' } },
  thumbnails: { background: '/images/og.png' },
  navigation: { pages: ['index', 'guide'] },
};

const FILES = {
  'docs.json': DOCS,
  'index.mdx': page({ title: 'Home' }, 'Welcome.'),
  'guide.mdx': page({ title: 'Guide', 'og:image': 'https://cdn.acme.test/guide.png', 'twitter:site': '@acme_guides' }, 'Steps.'),
  'orphan.mdx': page({ title: 'Orphan' }, 'Outside navigation.'),
  'images/og.png': 'png',
  'style.css': '.my-callout { color: red; }',
  'theme/extra.css': 'body { margin: 0; }',
  'analytics.js': 'window.acme = 1;',
  'snippets/helper.js': 'export const x = 1;',
};

let out: string;
let manifest: Manifest;
let home: string;
const read = (path: string): string => readFileSync(join(out, path), 'utf8');

beforeAll(async () => {
  const report = await build(writeSite(FILES), { out: mkdtempSync(join(tmpdir(), 'docsite-presentation-')), jobs: 1, siteUrl: 'https://docs.acme.test' });
  expect(report.errors).toEqual([]);
  out = report.outDir;
  manifest = JSON.parse(read('_docsite/manifest.json'));
  home = read(manifest.pages.find((p) => p.path === 'index')!.html);
});

describe('docs.json presentation keys in built pages', () => {
  it('sets the colors as properties the stylesheet reads, after it, for light and dark', () => {
    const stylesheet = home.indexOf('href="/_docsite/docsite.css"');
    const style = home.indexOf('<style>');
    expect(stylesheet).toBeGreaterThan(0);
    expect(style).toBeGreaterThan(stylesheet);
    expect(home).toContain('--site-primary:#166E3F;--site-light:#26BD6C;--site-dark:#0D4F2C');
    const css = read('_docsite/docsite.css');
    expect(css).toContain('--primary: var(--site-primary, #2563eb)');
    expect(css).toContain('--primary: var(--primary-light)');
  });

  it('loads the named fonts (Google by name, a source URL as @font-face) and quotes family names', () => {
    expect(home).toContain('<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Open+Sans:wght@400&#x26;display=swap">');
    expect(home).toContain('@font-face{font-family:"Brand \\22 Sans\\22 ";src:url("https://cdn.acme.test/brand.woff2") format("woff2");font-weight:700}');
    expect(home).toContain(':root{--font:"Open Sans",system-ui,sans-serif}body{font-weight:400}');
    expect(home).toContain('h1,h2,h3,h4,h5,h6{font-family:"Brand \\22 Sans\\22 ",var(--font);font-weight:700}');
    expect(manifest.fontOrigins).toEqual({ style: ['https://fonts.googleapis.com'], font: ['https://fonts.gstatic.com', 'https://cdn.acme.test'] });
  });

  it('opens in the configured appearance, with the background color and decoration', () => {
    expect(home).toMatch(/<html lang="en" class="dark" data-appearance="dark" data-appearance-strict="" data-decoration="grid">/);
    expect(home).not.toContain('theme-toggle'); // strict: readers may not change it
    expect(home).toContain('--site-bg-light:#fafafa;--site-bg-dark:#121317');
  });

  it('shows the navbar links and primary button, escaped, without script URLs', () => {
    expect(home).toContain('<a href="https://blog.acme.test">Blog &#x3C;new></a>');
    expect(home).toContain('<a href="https://github.com/acme/acme">GitHub</a>');
    expect(home).not.toContain('javascript:');
    expect(home).toContain('<a class="navbar-primary" id="topbar-cta-button" href="https://acme.test/start">Get started</a>');
  });

  it('shows the footer socials and link columns', () => {
    expect(home).toContain('<a href="https://x.com/acme" aria-label="X">X</a>');
    expect(home).toContain('<a href="https://github.com/acme" aria-label="GitHub">GitHub</a>');
    expect(home).toContain('<p class="footer-links-header">Company &#x26; co</p>');
    expect(home).toContain('<a href="https://acme.test/careers">Careers</a>');
  });

  it('shows the banner as inline Markdown, dismissible, with no raw HTML', () => {
    expect(home).toMatch(/<div class="banner" id="banner" data-banner="[0-9a-f]+" data-type="info">/);
    expect(home).toContain('<strong>v2</strong> is out: <a href="/guide">read the notes &#x26; more</a>');
    const bannerHtml = /<div class="banner"[\s\S]*?<\/div>/.exec(home)?.[0] ?? '';
    expect(bannerHtml).not.toMatch(/<script|alert\(1\)<\/script>/);
    expect(home).toContain('<button type="button" class="banner-dismiss js-only" aria-label="Dismiss">');
  });

  it('writes the meta tags escaped, a canonical URL per page, and the thumbnail as og:image', () => {
    expect(home).toContain('<meta property="og:site_name" content="Acme &#x22;Docs&#x22;">');
    expect(home).toContain('<meta name="twitter:site" content="@acme">');
    expect(home).not.toContain('x&#x22;');
    expect(home).toContain('<link rel="canonical" href="https://docs.acme.test/">');
    expect(read(manifest.pages.find((p) => p.path === 'guide')!.html)).toContain('<link rel="canonical" href="https://docs.acme.test/guide">');
    expect(home).toContain('<meta property="og:image" content="https://docs.acme.test/images/og.png">');
  });

  it("lets a page's own og: and twitter: tags replace the site's of the same name, each written once", () => {
    const guide = read(manifest.pages.find((p) => p.path === 'guide')!.html);
    expect(guide.match(/property="og:image"/g)).toHaveLength(1);
    expect(guide).toContain('<meta property="og:image" content="https://cdn.acme.test/guide.png">');
    expect(guide.match(/name="twitter:site"/g)).toHaveLength(1);
    expect(guide).toContain('<meta name="twitter:site" content="@acme_guides">');
    expect(guide).toContain('<meta property="og:site_name" content="Acme &#x22;Docs&#x22;">');
  });

  it('keeps pages outside navigation out of search engines under seo.indexing "navigable"', () => {
    expect(read(manifest.pages.find((p) => p.path === 'orphan')!.html)).toContain('<meta name="robots" content="noindex">');
    expect(home).not.toContain('noindex');
  });

  it("includes the docs folder's .css and .js files in every page, after docsite's own", () => {
    for (const html of [home, read(manifest.notFound)]) {
      expect(html).toContain('<link rel="stylesheet" href="/style.css">');
      expect(html).toContain('<link rel="stylesheet" href="/theme/extra.css">');
      expect(html).toContain('<script src="/analytics.js" defer></script>');
      expect(html).not.toContain('snippets/helper.js');
      expect(html.indexOf('/style.css')).toBeGreaterThan(html.indexOf('/_docsite/docsite.css'));
    }
  });
});

describe('siteStyle', () => {
  const styleOf = (config: Partial<DocsConfig>) => siteStyle({ name: 'Acme', navigation: {}, ...config } as DocsConfig);

  it('sets background images for light and dark, and then draws no decoration', () => {
    const style = styleOf({ background: { image: { light: '/images/bg light.png', dark: 'https://cdn.acme.test/dark.png' }, decoration: 'gradient' } });
    expect(style.css).toBe(':root{--site-bg-image-light:url("/images/bg%20light.png");--site-bg-image-dark:url("https://cdn.acme.test/dark.png")}');
    expect(style.decoration).toBeUndefined();
  });

  it('keeps colors readable as text: too pale a primary is darkened, too dark a light color is lightened, to 4.5:1', () => {
    // Mintlify's own: #26BD6C is its dark-mode green; as the only color, links on white would measure 2.45:1.
    expect(styleOf({ colors: { primary: '#26BD6C' } }).css).toBe(':root{--site-primary:#197f48;--site-light:#26BD6C;--site-dark:#1b864d}');
    // A light color for dark mode as dark as a primary (1.91:1 on #0d1117) gets lighter; on the site's own dark background too.
    expect(styleOf({ colors: { primary: '#4F46E5', light: '#3730A3', dark: '#3730A3' } }).css).toBe(
      ':root{--site-primary:#4F46E5;--site-light:#7f7bc4;--site-dark:#3730A3}',
    );
    expect(styleOf({ colors: { primary: '#4F46E5', light: '#3730A3' }, background: { color: { dark: '#2a2a2a' } } }).css).toContain('--site-light:#8f8bcb');
    // Readable colors, names and hsl() are kept as written.
    expect(styleOf({ colors: { primary: '#166E3F', light: '#26BD6C', dark: '#0D4F2C' } }).css).toBe(
      ':root{--site-primary:#166E3F;--site-light:#26BD6C;--site-dark:#0D4F2C}',
    );
    expect(styleOf({ colors: { primary: 'gold' } }).css).toBe(':root{--site-primary:gold;--site-light:gold;--site-dark:gold}');
  });

  it('leaves out what could end the rule or the <style> element, or load from elsewhere', () => {
    const style = styleOf({
      colors: { primary: 'red;}</style><script>alert(1)</script>' },
      background: { image: '//evil.test/x.png', color: { light: 'url(x)' } },
      fonts: { family: 'A</style><script>', source: 'javascript:alert(1)' },
    } as Partial<DocsConfig>);
    expect(style.css).not.toMatch(/<|evil|javascript|url\(x\)|red/);
    expect(style.css).toContain(':root{--font:"A\\3c /style\\3e \\3c script\\3e ",system-ui,sans-serif}');
    expect(style.fontStylesheet).toBe('https://fonts.googleapis.com/css2?family=A%3C%2Fstyle%3E%3Cscript%3E&display=swap');
  });
});

describe('the Content-Security-Policy of a site with fonts and scripts', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startRuntime({ bundle: await readBundle(out) });
  });
  afterAll(async () => {
    await runtime?.close();
  });

  it('allows the named font origins and no others, and the custom script as a file of the site', async () => {
    const response = await fetch(`${runtime.url}/guide`);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain("style-src 'self' 'unsafe-inline' https://fonts.googleapis.com;");
    expect(policy).toContain("font-src 'self' data: https://fonts.gstatic.com https://cdn.acme.test;");
    expect(policy).toContain(`script-src 'self' ${THEME_SCRIPT_HASH};`);
    expect(policy).not.toContain("'unsafe-eval'");
    const script = await fetch(`${runtime.url}/analytics.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
  });
});
