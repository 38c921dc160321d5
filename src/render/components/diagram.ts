// Mermaid diagrams (```mermaid fences and <Mermaid chart="…" />): the diagram's source, for a drawing script to draw.
import type { Element } from 'hast';
import { h } from 'hastscript';
import { text } from '../jsx-props.js';
import type { ComponentRenderer } from '../render-context.js';

/** The source in a `<pre class="mermaid">`, as Mermaid's own script looks for it; readable as text until drawn. */
export function mermaidDiagram(source: string): Element {
  return h('pre', { className: ['mermaid'] }, source);
}

const mermaid: ComponentRenderer = (props) => {
  const chart = text(props, 'chart');
  return chart ? mermaidDiagram(chart) : [];
};

export const diagramComponents: Record<string, ComponentRenderer> = { Mermaid: mermaid };
