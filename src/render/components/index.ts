// The component registry: every MDX component docsite renders, by JSX name.
import type { ComponentRenderer } from '../render-context.js';
import { audienceComponents } from './audience.js';
import { callouts } from './callouts.js';
import { cards } from './cards.js';
import { colorComponents } from './color.js';
import { diagramComponents } from './diagram.js';
import { disclosures } from './disclosure.js';
import { fields } from './fields.js';
import { inlineComponents } from './inline.js';
import { promptComponents } from './prompt.js';
import { stepComponents } from './steps.js';
import { tabComponents } from './tabs.js';
import { treeComponents } from './tree.js';

/** Renderers by component name; names here must match KNOWN_COMPONENTS in src/content (a test checks). */
export const COMPONENTS: Readonly<Record<string, ComponentRenderer>> = {
  ...callouts,
  ...cards,
  ...stepComponents,
  ...tabComponents,
  ...disclosures,
  ...fields,
  ...inlineComponents,
  ...promptComponents,
  ...audienceComponents,
  ...treeComponents,
  ...colorComponents,
  ...diagramComponents,
};
