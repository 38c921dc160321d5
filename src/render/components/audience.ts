// Visibility: content for one audience, humans reading the site or agents reading its Markdown.
import type { ComponentRenderer } from '../render-context.js';
import { text } from '../jsx-props.js';

/** `for="humans"` shows its content on the page; `for="agents"` only in the Markdown version (see pageMarkdown). */
const visibility: ComponentRenderer = (props, children) => (text(props, 'for') === 'agents' ? [] : children);

export const audienceComponents: Record<string, ComponentRenderer> = { Visibility: visibility };
