// The skill.md docsite writes for a site whose author supplied none, and its text as each reader sees it.
import type { Skill } from '../content/index.js';
import { ANONYMOUS, canRead, defaultTree, type NavItem, type NavigationTree, type SiteModel } from '../site/index.js';
import type { Manifest, ManifestPage } from './manifest.js';
import { projectIdOf } from './project-id.js';
import type { ToolDescriptor, ToolRole } from './tools.js';

/** What the generated skill says, besides the sections a reader may read. */
interface SkillInput {
  siteName: string;
  description: string | undefined;
  tools: Record<ToolRole, ToolDescriptor>;
  /** The default tree, whose top-level sections the skill lists. */
  tree: NavigationTree | undefined;
  /** Whether the reader may read the page at a page path. */
  canReadPath(path: string): boolean;
}

/**
 * A skill describing what the site's docs cover and how to use its MCP tools. The bundle's copy
 * lists the sections of a site without authentication; `serve` writes the list per reader (skillText).
 */
export function generatedSkill(site: SiteModel, tools: Record<ToolRole, ToolDescriptor>): Skill {
  const access = new Map(site.pages.map((page) => [page.path, page.access]));
  const text = skillMarkdown({
    siteName: site.config.name,
    description: site.config.description,
    tools,
    tree: defaultTree(site.navigation),
    canReadPath: (path) => {
      const page = access.get(path);
      return page !== undefined && canRead(ANONYMOUS, page, false);
    },
  });
  return { name: text.name, description: text.description, groups: [], file: 'skill.md', content: text.content };
}

/**
 * The text of a skill as a reader sees it: the generated skill names only the sections that hold
 * a page `canReadPage` allows, so no reader learns the name of a tab they may read nothing of.
 * An author's skill is sent as written (its `groups` decide who sees it at all).
 */
export function skillText(manifest: Manifest, skill: { generated: boolean; content: string }, canReadPage: (page: ManifestPage) => boolean): string {
  if (!skill.generated) return skill.content;
  const pages = new Map(manifest.pages.map((page) => [page.path, page]));
  return skillMarkdown({
    siteName: manifest.site.name,
    description: manifest.site.description,
    tools: manifest.tools,
    tree: defaultTree({ trees: manifest.navigation, versions: manifest.versions, languages: manifest.languages }),
    canReadPath: (path) => {
      const page = pages.get(path);
      return page !== undefined && canReadPage(page);
    },
  }).content;
}

function skillMarkdown({ siteName, description: siteDescription, tools, tree, canReadPath }: SkillInput): {
  name: string;
  description: string;
  content: string;
} {
  const name = `${projectIdOf(siteName)}-docs`.slice(0, 64).replace(/-+$/, '');
  const description = `Search and read the ${siteName} documentation${siteDescription ? `: ${siteDescription}` : ''}`.slice(0, 1024);
  const topics = topLevelLabels(tree, canReadPath);
  const content = [
    '---',
    `name: ${name}`,
    `description: ${JSON.stringify(description)}`,
    '---',
    '',
    `# ${siteName} documentation`,
    '',
    `Use this skill to answer questions about ${siteName} from its official documentation.`,
    '',
    '## How to use the tools',
    '',
    `1. Call \`${tools.search.name}\` with a short query to find relevant sections; results link to pages with anchors.`,
    `2. Call \`${tools.filesystem.name}\` to read pages in full (\`cat /quickstart.mdx\`), several at once (\`head -60 /a.mdx /b.mdx\`), or to grep across the docs.`,
    `3. If a page is wrong, outdated or confusing, report it with \`${tools.feedback.name}\`.`,
    '',
    'Cite pages by their URL path, without `.mdx`.',
    ...(topics.length > 0 ? ['', '## What the documentation covers', '', ...topics.map((t) => `- ${t}`)] : []),
    '',
  ].join('\n');
  return { name, description, content };
}

/** The labels of the tree's top-level sections that hold a page the reader may read. */
function topLevelLabels(tree: NavigationTree | undefined, canReadPath: (path: string) => boolean): string[] {
  const holdsReadable = (items: readonly NavItem[]): boolean =>
    items.some((item) =>
      item.type === 'page'
        ? canReadPath(item.path)
        : item.type === 'endpoint'
          ? canReadPath(item.page)
          : item.type === 'division' && holdsReadable(item.children),
    );
  const labels = (tree?.items ?? []).flatMap((item) => (item.type === 'division' && !item.hidden && holdsReadable(item.children) ? [item.label] : []));
  return [...new Set(labels)];
}
