// The page's contextual menu (docs.json `contextual.options`): copy, view as Markdown, open in an AI tool, connect the MCP server.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { DocsConfig } from '../../config/index.js';
import { safeUrl } from '../jsx-props.js';
import { markdownPath } from '../llms-txt.js';

/** Labels of the built-in options; the page script fills in the links that need the page's address. */
const BUILT_IN: Record<string, string> = {
  copy: 'Copy page',
  view: 'View as Markdown',
  chatgpt: 'Open in ChatGPT',
  claude: 'Open in Claude',
  perplexity: 'Open in Perplexity',
  mcp: 'Copy MCP server URL',
  'add-mcp': 'Copy MCP install command',
  cursor: 'Connect to Cursor',
  vscode: 'Connect to VS Code',
};

/** docs.json `contextual.options`: built-in names or custom `{title, href}` links. */
export type ContextualOptions = NonNullable<DocsConfig['contextual']>['options'];

/** The menu of the page at `url`. Options that work without JavaScript are plain links; the rest are buttons or links the script completes. */
export function contextualMenu(options: ContextualOptions, url: string): ElementContent[] {
  if (options.length === 0) return [];
  const items = options.flatMap((option): ElementContent[] => {
    if (typeof option === 'object') {
      const title = typeof option.title === 'string' ? option.title : undefined;
      // validate refuses script URLs (link/script-url); none is written should one get this far.
      const href = typeof option.href === 'string' ? safeUrl(option.href) : undefined;
      return title && href ? [h('li', [h('a', { href }, title)])] : [];
    }
    const label = BUILT_IN[option];
    if (!label) return [];
    if (option === 'view') return [h('li', [h('a', { href: markdownPath(url), type: 'text/markdown' }, label)])];
    if (option === 'copy' || option === 'mcp' || option === 'add-mcp') {
      return [h('li', { className: ['js-only'] }, [h('button', { type: 'button', dataAction: option }, label)])];
    }
    return [h('li', { className: ['js-only'] }, [h('a', { dataOpen: option, rel: 'noopener', target: '_blank' }, label)])];
  });
  return items.length ? [h('details', { className: ['contextual-menu'] }, [h('summary', 'Use this page'), h('ul', items)])] : [];
}
