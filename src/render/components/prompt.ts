// Prompt: a prompt for an AI tool, shown in a box with its description and a copy button.
import { h } from 'hastscript';
import { text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';
import { propIcon } from './icon.js';

/**
 * A code-block figure, so the site script gives it a copy button: it copies the prompt's text
 * (`.prompt-body`), which the page shows as written.
 */
const prompt: ComponentRenderer = (props, children, _node, context) => {
  const description = text(props, 'description');
  return h('figure', { className: ['code-block', 'prompt'], dataTitle: 'Prompt', dataLanguage: 'text' }, [
    h('figcaption', { className: ['code-caption'] }, [
      ...propIcon(props, context.iconLibrary),
      h('span', { className: ['code-title'] }, description ?? 'Prompt'),
    ]),
    h('div', { className: ['prompt-body'] }, children),
  ]);
};

export const promptComponents: Record<string, ComponentRenderer> = { Prompt: prompt };
