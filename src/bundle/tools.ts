// The MCP tools a site's servers offer: names, descriptions, input schemas and annotations.
// Built once from the site model; server cards and `tools/list` both read this list.
import { SEARCH_LIMIT } from '../search/index.js';
import type { ResolvedNavigation } from '../site/index.js';
import type { Manifest, ManifestPage } from './manifest.js';
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

/** The versions and languages a reader meets: those named by a page they may read. */
export interface ReaderVariants {
  versions: string[];
  languages: string[];
}

/** The versions and languages named by the pages `isReadable` keeps, in the site's order. */
export function readerVariants(manifest: Pick<Manifest, 'versions' | 'languages' | 'pages'>, isReadable: (page: ManifestPage) => boolean): ReaderVariants {
  const versions = new Set<string>();
  const languages = new Set<string>();
  for (const page of manifest.pages) {
    if (!isReadable(page)) continue;
    for (const version of page.versions) versions.add(version);
    for (const language of page.languages) languages.add(language);
  }
  return {
    versions: manifest.versions.map((v) => v.name).filter((name) => versions.has(name)),
    languages: manifest.languages.map((l) => l.name).filter((name) => languages.has(name)),
  };
}

/**
 * The tools as a reader sees them: the search tool's `version` and `language` choices cut to
 * those the reader meets, so a version that holds only pages of a group is named to its members
 * alone (a filter with no choice left is gone). The other tools are the same for everyone.
 */
export function readerTools(tools: Record<ToolRole, ToolDescriptor>, variants: ReaderVariants): ToolDescriptor[] {
  const properties: Record<string, object> = {};
  for (const [name, schema] of Object.entries(tools.search.inputSchema.properties)) {
    const choices = name === 'version' ? variants.versions : name === 'language' ? variants.languages : undefined;
    if (choices === undefined) properties[name] = schema;
    else if (choices.length > 0) properties[name] = { ...schema, enum: choices };
  }
  const search = { ...tools.search, inputSchema: { ...tools.search.inputSchema, properties } };
  return [search, tools.filesystem, tools.feedback];
}
