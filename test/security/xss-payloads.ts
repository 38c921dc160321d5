// Hostile markup and URLs for the XSS replays: each payload calls pwned('<its name>') (or alert) if it ever runs.

/** One attack written in a page. */
export interface Payload {
  name: string;
  mdx: string;
}

/**
 * Markup that validate accepts (nothing in it is a URL that runs script): the sanitizer and the
 * Content-Security-Policy are what keep it from running. The first two ran script before the fix.
 */
export const MARKUP_PAYLOADS: readonly Payload[] = [
  { name: 'noscript-title', mdx: `<noscript><p title="</noscript><img src=x onerror=pwned('noscript-title')>"></p></noscript>` },
  { name: 'iframe-srcdoc', mdx: `<iframe srcdoc="<script>top.pwned('iframe-srcdoc')</script>"></iframe>` },
  { name: 'svg-script', mdx: `<svg><script>pwned('svg-script')</script></svg>` },
  { name: 'svg-onload', mdx: `<svg onLoad="pwned('svg-onload')"><circle r="5" /></svg>` },
  {
    name: 'math-style',
    mdx: `<math><mtext><table><mglyph><style><img src="https://invalid.test/x.png" onerror="pwned('math-style')" /></style></mglyph></table></mtext></math>`,
  },
  { name: 'math-href', mdx: `<math href="https://example.test/"><mi>click</mi></math>` },
  {
    name: 'img-onerror',
    mdx: `<img src="https://invalid.test/x.png" onerror="pwned('img-onerror')" /> <img src="https://invalid.test/y.png" onError="pwned('img-onError')" />`,
  },
  { name: 'object-relative', mdx: `<object data="/hostile.svg" type="image/svg+xml"></object>` },
  { name: 'embed', mdx: `<embed src="/hostile.svg" type="image/svg+xml" />` },
  { name: 'base-href', mdx: `<base href="https://evil.test/" />\n\n[relative](../guide)` },
  {
    name: 'meta-refresh',
    mdx: `<meta httpEquiv="refresh" content="0;url=https://evil.test/" /><meta http-equiv="refresh" content="0;url=https://evil.test/" />`,
  },
  { name: 'style-element', mdx: `<style>{"body{background:url(https://evil.test/x)}</style><img src=x onerror=pwned('style-element')>"}</style>` },
  { name: 'style-attribute', mdx: `<div style="position:fixed;inset:0;background:url(https://evil.test/x)">covered</div>` },
  { name: 'link-stylesheet', mdx: `<link rel="stylesheet" href="https://evil.test/x.css" />` },
  { name: 'details-ontoggle', mdx: `<details open onToggle="pwned('details-ontoggle')"><summary>s</summary>x</details>` },
  {
    name: 'component-handlers',
    mdx: `<Card title="Card" href="/guide" onClick="pwned('card-onclick')">x</Card>\n\n<Accordion title="acc" onToggle="pwned('accordion-ontoggle')">y</Accordion>\n\n<Note onMouseOver="pwned('note-onmouseover')">z</Note>`,
  },
  { name: 'anchor-handlers', mdx: `<a href="/guide" onClick="pwned('a-onclick')" onFocus="pwned('a-onfocus')" autoFocus>go</a>` },
  { name: 'form-button', mdx: `<form><button type="submit" onClick="pwned('button-onclick')">send</button></form>` },
  { name: 'template', mdx: `<template><img src="https://invalid.test/x.png" onerror="pwned('template')" /></template>` },
  { name: 'textarea', mdx: `<textarea><p title="</textarea><img src=x onerror=pwned('textarea')>"></p></textarea>` },
  { name: 'select', mdx: `<select><option><p title="</option></select><img src=x onerror=pwned('select')>"></p></option></select>` },
  { name: 'title', mdx: `<title><p title="</title><img src=x onerror=pwned('title')>"></p></title>` },
  { name: 'xmp', mdx: `<xmp><p title="</xmp><img src=x onerror=pwned('xmp')>"></p></xmp>` },
  { name: 'noembed', mdx: `<noembed><p title="</noembed><img src=x onerror=pwned('noembed')>"></p></noembed>` },
  { name: 'iframe-text', mdx: `<iframe src="https://example.test/"><p title="</iframe><img src=x onerror=pwned('iframe-text')>"></p></iframe>` },
  { name: 'style-text', mdx: `<style><p title="</style><img src=x onerror=pwned('style-text')>"></p></style>` },
  { name: 'comment-like', mdx: `<p title="--><img src=x onerror=pwned('comment-like')>">c</p>` },
  { name: 'plaintext', mdx: `<plaintext><p title="<img src=x onerror=pwned('plaintext')>">p</p></plaintext>` },
  { name: 'name-clobbering', mdx: `<img name="querySelectorAll" src="/hostile.svg" /><form name="documentElement"><input name="js" /></form>` },
  {
    name: 'quote-breakout',
    mdx: `<Card title={'"><img src=x onerror=pwned("card-title")>'} href="/guide">x</Card>\n\n<Tooltip tip={'"><img src=x onerror=pwned("tooltip")>'}>tip</Tooltip>`,
  },
];

/**
 * URLs that run script where a page takes a URL: each is a validate error (`link/script-url`),
 * and the renderer drops it should one get that far.
 */
export const URL_PAYLOADS: readonly Payload[] = [
  { name: 'a-javascript', mdx: `<a href="javascript:pwned('a-javascript')">a</a>` },
  { name: 'a-mixed-case', mdx: `<a href=" JaVaScRiPt:pwned('a-mixed-case')">b</a>` },
  { name: 'a-tab', mdx: `<a href="java&#9;script:pwned('a-tab')">c</a>` },
  { name: 'a-entity', mdx: `<a href="&#106;avascript:pwned('a-entity')">d</a>` },
  { name: 'a-control', mdx: `<a href="\u0001\u0010 javascript:pwned('a-control')">e</a>` },
  { name: 'a-vbscript', mdx: `<a href="vbscript:msgbox(1)">f</a>` },
  { name: 'a-data', mdx: `<a href="data:text/html,<script>alert('a-data')</script>">g</a>` },
  { name: 'markdown-link', mdx: `[h](javascript:pwned('markdown-link'))` },
  { name: 'markdown-entity', mdx: `[i](&#x6A;avascript:pwned('markdown-entity'))` },
  { name: 'markdown-definition', mdx: `[j][evil]\n\n[evil]: javascript:pwned('markdown-definition')` },
  { name: 'markdown-image', mdx: `![k](data:text/html,<script>alert('markdown-image')</script>)` },
  { name: 'card-href', mdx: `<Card title="Card" href="javascript:pwned('card-href')">l</Card>` },
  { name: 'card-img', mdx: `<Card title="Card" img="javascript:pwned('card-img')">m</Card>` },
  { name: 'expression-literal', mdx: `<a href={"javascript:pwned('expression-literal')"}>n</a>` },
  { name: 'form-action', mdx: `<form action="javascript:pwned('form-action')"><input type="submit" value="o" /></form>` },
  {
    name: 'formaction',
    mdx: `<form><button formAction="javascript:pwned('formaction')">p</button><input type="submit" formaction="javascript:pwned('formaction-input')" /></form>`,
  },
  { name: 'iframe-src', mdx: `<iframe src="javascript:top.pwned('iframe-src')"></iframe>` },
  { name: 'iframe-data', mdx: `<iframe src="data:text/html,<script>alert('iframe-data')</script>"></iframe>` },
  { name: 'embed-src', mdx: `<embed src="javascript:pwned('embed-src')" />` },
  { name: 'object-html', mdx: `<object data="data:text/html,<script>alert('object-html')</script>"></object>` },
  { name: 'object-data', mdx: `<object data="javascript:pwned('object-data')"></object>` },
  { name: 'video-poster', mdx: `<video poster="javascript:pwned('video-poster')" controls />` },
  { name: 'xlink-href', mdx: `<svg><a xlink:href="javascript:pwned('xlink-href')"><text y="20">q</text></a></svg>` },
  { name: 'xlink-jsx', mdx: `<svg><a xlinkHref="javascript:pwned('xlink-jsx')"><text y="20">r</text></a></svg>` },
];
