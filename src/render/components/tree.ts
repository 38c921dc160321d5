// Tree (alias FileTree): a folder structure, from Tree.Folder and Tree.File or from a nested Markdown list.
import { h } from 'hastscript';
import { flag, text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';

const tree: ComponentRenderer = (_props, children) => h('div', { className: ['tree'] }, children);

/** A folder opens and closes without JavaScript; `openable={false}` keeps it open. */
const folder: ComponentRenderer = (props, children) => {
  const name = text(props, 'name') ?? '';
  const list = h('ul', children);
  const openable = props.openable !== false && props.openable !== 'false';
  const className = ['tree-folder', ...(flag(props, 'highlight') ? ['tree-highlight'] : [])];
  return openable
    ? h('li', { className }, [h('details', { open: flag(props, 'defaultOpen') }, [h('summary', name), list])])
    : h('li', { className }, [h('span', { className: ['tree-name'] }, name), list]);
};

const file: ComponentRenderer = (props) =>
  h('li', { className: ['tree-file', ...(flag(props, 'highlight') ? ['tree-highlight'] : [])] }, text(props, 'name') ?? '');

/** A Tree's direct children are list items: a top-level Tree.Folder or Tree.File is wrapped in a list. */
export const treeComponents: Record<string, ComponentRenderer> = {
  Tree: (props, children, node, context) => {
    const items = children.filter((c) => c.type === 'element' && c.tagName === 'li');
    return items.length > 0 ? h('div', { className: ['tree'] }, [h('ul', children)]) : tree(props, children, node, context);
  },
  FileTree: tree,
  'Tree.Folder': folder,
  'Tree.File': file,
};
