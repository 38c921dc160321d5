// Tabs, CodeGroup and request/response examples: tab sets over panels or code blocks.
import { h } from 'hastscript';
import { text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';
import { elementsOf, idOf, tabSet, titleOf } from './tab-set.js';

/** A Tab renders as a panel carrying its title; the enclosing Tabs turns panels into a tab set. */
const tab: ComponentRenderer = (props, children) => h('div', { className: ['tab'], dataTitle: text(props, 'title') ?? '', id: text(props, 'id') }, children);

const tabs: ComponentRenderer = (_props, children, _node, context) =>
  tabSet(
    context,
    elementsOf(children).map((panel, i) => ({ title: titleOf(panel, `Tab ${i + 1}`), content: panel.children, id: idOf(panel) })),
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
  CodeGroup: codeTabs('code-group'),
  RequestExample: codeTabs('code-group', 'Request'),
  ResponseExample: codeTabs('code-group', 'Response'),
};
