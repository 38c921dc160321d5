// The header's Ask AI button, and the page without it for sites that turned Ask AI off.
import { h } from 'hastscript';
import { toHtml } from 'hast-util-to-html';

/**
 * The button, beside the search box: opens the assistant's panel (templates/docsite-ask.js), also
 * on Ctrl/Cmd+I. Asking needs the script: without it the button is not shown.
 */
export const ASK_AI_BUTTON = toHtml(
  h(
    'button',
    { type: 'button', className: ['ask-ai-button', 'js-only'], dataAskAiOpen: '', ariaHaspopup: 'dialog', ariaKeyshortcuts: 'Control+I Meta+I' },
    'Ask AI',
  ),
);

/** A built page as a site with Ask AI off serves it: without the button, so no panel can open. */
export function withoutAskAiButton(html: string): string {
  return html.replace(ASK_AI_BUTTON, '');
}
