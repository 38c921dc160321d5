// The site's skills as MCP resources (`docsite://skills/<name>`), filtered by the reader's groups.
import type { LoadedSkill } from '../bundle/index.js';
import type { McpContext } from './context.js';

export const SKILL_URI_PREFIX = 'docsite://skills/';

/** Skills the principal may see: those without groups, or with a group the user is in. */
export function visibleSkills(context: McpContext): LoadedSkill[] {
  const groups = context.principal.kind === 'user' ? context.principal.groups : [];
  return context.bundle.skills.filter((skill) => skill.groups.length === 0 || skill.groups.some((group) => groups.includes(group)));
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
  return skill ? { uri, mimeType: 'text/markdown', text: skill.content } : undefined;
}
