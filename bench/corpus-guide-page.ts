// The body of a guide page: intro, then sections of prose, lists, code, tables and components.
import type { PlannedHeading, PlannedPage } from './corpus-plan.js';
import type { Prose } from './corpus-prose.js';
import { accordions, callout, cardGroup, codeGroup, fence, steps, tabs } from './corpus-components.js';

/** Block kinds with weights roughly as often as they appear in real docs. */
const BLOCKS: readonly [weight: number, write: (prose: Prose) => string][] = [
  [34, (p) => p.paragraph()],
  [12, (p) => p.list()],
  [12, (p) => fence(p)],
  [8, (p) => p.table()],
  [9, (p) => callout(p)],
  [6, (p) => steps(p)],
  [5, (p) => tabs(p)],
  [4, (p) => codeGroup(p)],
  [5, (p) => accordions(p)],
  [5, (p) => cardGroup(p)],
];
const TOTAL = BLOCKS.reduce((sum, [weight]) => sum + weight, 0);

export function guideBody(prose: Prose, page: PlannedPage): string {
  const blocks: string[] = [prose.paragraph(2, 4)];
  if (prose.rng.chance(0.4)) blocks.push(callout(prose));
  for (const heading of page.headings) {
    blocks.push(headingLine(heading));
    if (heading.markdown === 'Next steps') {
      blocks.push(prose.paragraph(1, 2), cardGroup(prose));
      continue;
    }
    blocks.push(prose.paragraph());
    for (let i = prose.rng.int(0, 2); i > 0; i--) blocks.push(randomBlock(prose));
  }
  return blocks.join('\n\n');
}

export function headingLine(heading: PlannedHeading): string {
  return `${'#'.repeat(heading.depth)} ${heading.markdown}${heading.customId ? ` {#${heading.id}}` : ''}`;
}

function randomBlock(prose: Prose): string {
  let roll = prose.rng.next() * TOTAL;
  for (const [weight, write] of BLOCKS) {
    roll -= weight;
    if (roll < 0) return write(prose);
  }
  return prose.paragraph();
}
