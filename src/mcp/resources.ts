// The site's skills as MCP resources (`docsite://skills/<name>`), filtered by the reader's groups.
import { skillText, type LoadedSkill } from '../bundle/index.js';
import { canRead } from '../site/index.js';
import type { McpContext } from './context.js';

export const SKILL_URI_PREFIX = 'docsite://skills/';

/** Skills the principal may see: those without groups, or with a group the user is in. */
export function visibleSkills(context: McpContext): LoadedSkill[] {
  return context.bundle.skills.filter((skill) => canRead(context.principal, { public: true, groups: skill.groups }, context.authentication));
}

export function listSkillResources(context: McpContext) {
  return visibleSkills(context).map((skill) => ({
    uri: `${SKILL_URI_PREFIX}${skill.name}`,
    name: skill.name,
    description: skill.description,
    mimeType: 'text/markdown',
  }));
}

/** The skill at `uri`, or undefined when there is none the principal may see. */
export function readSkillResource(context: McpContext, uri: string): { uri: string; mimeType: string; text: string } | undefined {
  if (!uri.startsWith(SKILL_URI_PREFIX)) return undefined;
  const skill = visibleSkills(context).find((s) => s.name === uri.slice(SKILL_URI_PREFIX.length));
  if (!skill) return undefined;
  const text = skillText(context.bundle.manifest, skill, (page) => canRead(context.principal, page.access, context.authentication));
  return { uri, mimeType: 'text/markdown', text };
}
