// The URL paths `docsite serve` answers itself, which no page may take, compared in any case as express routes them.
import { markdownPath, pageUrl } from './site-model.js';

/** The API playground's proxy (`POST`): it sends a page's request to the API server for the reader's browser. */
export const PLAYGROUND_PROXY_PATH = '/_docsite/playground';

/** Where the "Was this page helpful?" widget sends the reader's answer (`POST`). */
export const PAGE_FEEDBACK_PATH = '/_docsite/feedback';
/** The longest comment that endpoint keeps, in UTF-16 code units as the widget's `maxlength` counts them. */
export const MAX_FEEDBACK_COMMENT = 2000;

/**
 * Paths answered with everything under them: the MCP servers (`/mcp/server-card` too) and the
 * OAuth server under `/authed/mcp`, docsite's own files, sign-in pages and live reload, discovery
 * and OAuth metadata documents, and the REST API. The agent files too: `serve` answers them
 * itself, and the build writes llms.txt and the like where a folder of pages would go.
 */
const RESERVED_FOLDERS = [
  'mcp',
  'authed/mcp',
  '_docsite',
  '.well-known',
  'v1/analytics',
  'v1/assistant',
  'llms.txt',
  'llms-full.txt',
  'sitemap.xml',
  'robots.txt',
  'skill.md',
];
/** Single documents: the health checks and the REST API's OpenAPI document (a page at /healthz/setup is the site's). */
const RESERVED_FILES = ['healthz', 'readyz', 'v1/openapi.json'];

/** ASCII lower case: express matches routes case-insensitively on the (percent-encoded, ASCII) request path. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** The path the runtime answers at `url` (a URL path), as it is written there (`/mcp`); undefined when the runtime leaves it to pages. */
export function runtimePathAt(url: string): string | undefined {
  const path = asciiLower(url).replace(/^\/+|\/+$/g, '');
  const reserved = RESERVED_FOLDERS.find((folder) => path === folder || path.startsWith(`${folder}/`)) ?? RESERVED_FILES.find((file) => path === file);
  return reserved === undefined ? undefined : `/${reserved}`;
}

/** Where the runtime takes a page's place: the page's URL or Markdown URL (`at`), and the runtime's path there. */
export interface RuntimeClash {
  at: string;
  reserved: string;
}

/**
 * Where the runtime would take the place of the page at `pagePath`: at its URL (`MCP` is /MCP,
 * which express routes to /mcp; `healthz/index` is /healthz) or at its Markdown (`skill` has
 * /skill.md, the site's skill). Undefined when the page is reachable.
 */
export function runtimeClashOf(pagePath: string): RuntimeClash | undefined {
  const url = pageUrl(pagePath);
  for (const at of [url, markdownPath(url)]) {
    const reserved = runtimePathAt(at);
    if (reserved !== undefined) return { at, reserved };
  }
  return undefined;
}

/** The sentence that says so, for diagnostics. */
export function describeClash(clash: RuntimeClash): string {
  return `docsite serve answers ${clash.at} itself (${clash.reserved}, in any case)`;
}
