// Writes one planned page as MDX: YAML frontmatter, then a guide or API reference body.
import type { PlannedPage } from './corpus-plan.js';
import { Prose } from './corpus-prose.js';
import { apiBody } from './corpus-api-page.js';
import { guideBody } from './corpus-guide-page.js';
import type { Random } from './random.js';

export function pageSource(page: PlannedPage, pages: readonly PlannedPage[], rng: Random): string {
  const prose = new Prose(rng, pages, page);
  const frontmatter = [`title: "${page.title}"`, `description: "${prose.summary()}"`];
  if (page.sidebarTitle) frontmatter.push(`sidebarTitle: "${page.sidebarTitle}"`);
  if (page.icon) frontmatter.push(`icon: "${page.icon}"`);
  if (page.api) frontmatter.push(`api: "${page.api.method} ${page.api.path}"`);
  const body = page.api ? apiBody(prose, page) : guideBody(prose, page);
  return `---\n${frontmatter.join('\n')}\n---\n\n${body}\n`;
}
