// The search tool: full-text search over the pages the principal may read, as Markdown results.
import { hitHeading, type Reader, type SearchHit } from '../search/index.js';
import { encodedUrl, type Principal } from '../site/index.js';
import { textResult, type McpContext, type ToolResult } from './context.js';

export interface SearchArguments {
  query: string;
  version?: string;
  language?: string;
  limit?: number;
}

/**
 * The search index's reader for a principal. Without authentication every page that names no
 * groups is public, which is what a client credential reads on a site with authentication.
 */
export function readerOf(principal: Principal, authentication: boolean): Reader {
  if (principal.kind === 'user') return { kind: 'user', groups: principal.groups };
  if (principal.kind === 'client-credential' || !authentication) return { kind: 'client-credential' };
  return { kind: 'anonymous' };
}

/**
 * The Markdown of hits, by the array the index returned: a repeated search gets the same frozen
 * array while the index remembers it (see RecentResults), and then its text is not made again.
 * Links hold the site URL, which may differ from request to request (the Host it is reached at).
 */
const markdownOfHits = new WeakMap<readonly Readonly<SearchHit>[], { siteUrl: string; text: string }>();

/** Runs a search and formats one Markdown block per matching section: title, link with anchor, snippet. */
export function searchTool(args: SearchArguments, context: McpContext): ToolResult {
  const hits = context.bundle.search.search(args.query, {
    reader: readerOf(context.principal, context.authentication),
    ...(args.version !== undefined ? { version: args.version } : {}),
    ...(args.language !== undefined ? { language: args.language } : {}),
    ...(args.limit !== undefined ? { limit: args.limit } : {}),
  });
  context.onToolCall?.({ role: 'search', query: args.query, found: hits.length });
  if (hits.length === 0) return textResult(`No results for "${args.query}". Try other words, or list the pages with the filesystem tool (\`tree / -L 2\`).`);
  let made = markdownOfHits.get(hits);
  if (made?.siteUrl !== context.siteUrl) {
    made = { siteUrl: context.siteUrl, text: markdownOf(hits, context.siteUrl) };
    markdownOfHits.set(hits, made);
  }
  return textResult(made.text);
}

function markdownOf(hits: readonly Readonly<SearchHit>[], siteUrl: string): string {
  const blocks = hits.map((hit) => `## ${hitHeading(hit)}\n${siteUrl}${encodedUrl(hit.url)}\n\n${hit.snippet}`);
  return blocks.join('\n\n---\n\n');
}
