// Tabs, View, CodeGroup and request/response examples: tab sets over panels or code blocks.
import type { Parent, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx';
import { h } from 'hastscript';
import { text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';
import { propIcon } from './icon.js';
import { elementsOf, iconOf, idOf, tabSet, titleOf } from './tab-set.js';

/** A Tab renders as a panel carrying its title (and its icon, drawn); the enclosing Tabs turns panels into a tab set. */
const tab: ComponentRenderer = (props, children, _node, context) => {
  const panel = h('div', { className: ['tab'], dataTitle: text(props, 'title') ?? '', id: text(props, 'id') }, children);
  const [drawn] = propIcon(props, context.iconLibrary);
  if (drawn) panel.data = { tabIcon: drawn };
  return panel;
};

/**
 * Views (`<View title="Python">`) next to each other on a page are one selector: each run of
 * them becomes a Tabs element of their panels, so a reader picks one; every view's content stays
 * in the page (and in its search text and Markdown version).
 */
export function groupViews(tree: Root): void {
  const isView = (node: RootContent): boolean => node.type === 'mdxJsxFlowElement' && node.name === 'View';
  const visit = (parent: Parent): void => {
    const children: RootContent[] = [];
    let group: MdxJsxFlowElement | undefined;
    for (const child of parent.children as RootContent[]) {
      if ('children' in child) visit(child);
      if (!isView(child)) {
        children.push(child);
        group = undefined;
      } else if (group) group.children.push(child as MdxJsxFlowElement);
      else {
        group = { type: 'mdxJsxFlowElement', name: 'Tabs', attributes: [], children: [child as MdxJsxFlowElement] };
        children.push(group);
      }
    }
    parent.children = children as typeof parent.children;
  };
  visit(tree);
}

const tabs: ComponentRenderer = (_props, children, _node, context) =>
  tabSet(
    context,
    elementsOf(children).map((panel, i) => ({ title: titleOf(panel, `Tab ${i + 1}`), content: panel.children, id: idOf(panel), icon: iconOf(panel) })),
    'tab-set',
  );

/** Code blocks side by side as tabs, labelled by each block's title or language. */
function codeTabs(className: string, heading?: string): ComponentRenderer {
  return (_props, children, _node, context) => {
    const blocks = elementsOf(children);
    const set =
      blocks.length > 1
        ? tabSet(
            context,
            blocks.map((block, i) => ({ title: titleOf(block, `Example ${i + 1}`), content: [block] })),
            className,
          )
        : h('div', { className: [className] }, blocks);
    return heading ? h('section', { className: ['api-example'] }, [h('p', { className: ['api-example-title'] }, heading), set]) : set;
  };
}

export const tabComponents: Record<string, ComponentRenderer> = {
  Tab: tab,
  Tabs: tabs,
  View: tab,
  CodeGroup: codeTabs('code-group'),
  RequestExample: codeTabs('code-group', 'Request'),
  ResponseExample: codeTabs('code-group', 'Response'),
};
