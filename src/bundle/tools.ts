// The MCP tools a site's servers offer: names, descriptions, input schemas and annotations.
// Built once from the site model; server cards and `tools/list` both read this list.
import { SEARCH_LIMIT } from '../search/index.js';
import type { ResolvedNavigation } from '../site/index.js';
import { toolSiteName } from './project-id.js';

/** A tool as MCP's `tools/list` and server cards describe it. */
export interface ToolDescriptor {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, object>; required: string[]; additionalProperties: false };
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

/** The roles of the built-in tools, independent of their site-specific names. */
export type ToolRole = 'search' | 'filesystem' | 'feedback';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** The three tools of a site, keyed by role. */
export function siteTools(siteName: string, navigation: Pick<ResolvedNavigation, 'versions' | 'languages'>): Record<ToolRole, ToolDescriptor> {
  const site = toolSiteName(siteName);
  const search: Record<string, object> = {
    query: { type: 'string', minLength: 1, description: 'What to search for: keywords or a question.' },
  };
  if (navigation.versions.length > 1) {
    search.version = {
      type: 'string',
      enum: navigation.versions.map((v) => v.name),
      description: 'Only content of this version (or content in every version).',
    };
  }
  if (navigation.languages.length > 1) {
    search.language = {
      type: 'string',
      enum: navigation.languages.map((l) => l.name),
      description: 'Only content in this language (or content in every language).',
    };
  }
  search.limit = { type: 'integer', minimum: 1, maximum: SEARCH_LIMIT.max, default: SEARCH_LIMIT.default, description: 'Maximum number of results.' };
  return {
    search: {
      name: `search_${site}`,
      title: `Search ${siteName}`,
      description: `Search the ${siteName} documentation. Returns matching sections as Markdown, each with its title, a link (with anchor) and a snippet. Use it to find pages before reading them.`,
      inputSchema: { type: 'object', properties: search, required: ['query'], additionalProperties: false },
      annotations: READ_ONLY,
    },
    filesystem: {
      name: `query_docs_filesystem_${site}`,
      title: `Read ${siteName} docs`,
      description:
        `Read and navigate the ${siteName} documentation as a read-only virtual filesystem with shell-style commands ` +
        '(ls, cat, head, tail, grep, rg, find, tree, wc, stat, sort, uniq, cut; pipes `|` and `&&`). Pages are at /<url-path>.mdx, ' +
        'OpenAPI specs under /openapi/. Read several pages at once, e.g. `head -80 /a.mdx /b.mdx`. Cite pages by URL path without `.mdx`.',
      inputSchema: {
        type: 'object',
        properties: { command: { type: 'string', minLength: 1, description: 'The command line to run, e.g. `grep -rn "webhook" /guides`.' } },
        required: ['command'],
        additionalProperties: false,
      },
      annotations: READ_ONLY,
    },
    feedback: {
      name: 'submit_feedback',
      title: 'Report a documentation problem',
      description:
        'Report a page that is incorrect, outdated, confusing or incomplete. Give the page path and what is wrong; it is recorded as unhelpful feedback for the docs team. This is the only tool that writes.',
      inputSchema: {
        type: 'object',
        properties: {
          path: { type: 'string', minLength: 1, description: 'URL path of the page, e.g. /quickstart.' },
          feedback: { type: 'string', minLength: 1, description: 'What is wrong with the page.' },
        },
        required: ['path', 'feedback'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
  };
}
