// The MDX components docsite renders; anything else renders its children with a warning.

/** Components with a docsite rendering, by JSX name. */
export const KNOWN_COMPONENTS: ReadonlySet<string> = new Set([
  'Note',
  'Tip',
  'Warning',
  'Info',
  'Check',
  'Danger',
  'Callout',
  'Card',
  'CardGroup',
  'Columns',
  'Steps',
  'Step',
  'Tabs',
  'Tab',
  'CodeGroup',
  'Accordion',
  'AccordionGroup',
  'Expandable',
  'Frame',
  'Icon',
  'Tooltip',
  'Badge',
  'Update',
  'ParamField',
  'ResponseField',
  'RequestExample',
  'ResponseExample',
  'Snippet',
  'Prompt',
  'Visibility',
  'View',
  'Tree',
  'FileTree',
  'Tree.Folder',
  'Tree.File',
  'Color',
  'Color.Row',
  'Color.Item',
  'Panel',
  'Tile',
  'Column',
  'GitHub.Repo',
  'Mermaid',
  'Link',
]);

/** Lower-case JSX names are HTML elements (`<div>`, `<img>`), which pass through as they are. */
export function isHtmlElementName(name: string): boolean {
  return /^[a-z]/.test(name);
}

/** Whether a JSX element name is neither HTML, a known component, nor imported by the page. */
export function isUnknownComponent(name: string | null | undefined, imported: ReadonlySet<string>): boolean {
  if (!name) return false; // a fragment, <>…</>
  const base = name.split('.')[0]!;
  return !isHtmlElementName(base) && !KNOWN_COMPONENTS.has(name) && !KNOWN_COMPONENTS.has(base) && !imported.has(base);
}
