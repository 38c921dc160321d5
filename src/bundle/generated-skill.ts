// The skill.md docsite writes for a site whose author supplied none.
import type { Skill } from '../content/index.js';
import { defaultTree, type SiteModel } from '../site/index.js';
import { projectIdOf } from './project-id.js';
import type { ToolDescriptor, ToolRole } from './tools.js';

/** A skill describing what the site's docs cover and how to use its MCP tools. */
export function generatedSkill(site: SiteModel, tools: Record<ToolRole, ToolDescriptor>): Skill {
  const name = `${projectIdOf(site.config.name)}-docs`.slice(0, 64).replace(/-+$/, '');
  const description = `Search and read the ${site.config.name} documentation${site.config.description ? `: ${site.config.description}` : ''}`.slice(0, 1024);
  const topics = topLevelLabels(site);
  const content = [
    '---',
    `name: ${name}`,
    `description: ${JSON.stringify(description)}`,
    '---',
    '',
    `# ${site.config.name} documentation`,
    '',
    `Use this skill to answer questions about ${site.config.name} from its official documentation.`,
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
  return { name, description, groups: [], file: 'skill.md', content };
}

function topLevelLabels(site: SiteModel): string[] {
  const tree = defaultTree(site.navigation);
  const labels = (tree?.items ?? []).flatMap((item) => (item.type === 'division' && !item.hidden ? [item.label] : []));
  return [...new Set(labels)];
}
