// Fenced code blocks: a figure with the block's title and language label above the code.
import type { Code } from 'mdast';
import type { Element } from 'hast';
import { h } from 'hastscript';
import { mermaidDiagram } from './components/diagram.js';

/**
 * The title of a code block from its meta, as docs write it: "```bash cURL", "```json 201",
 * "```ts title="client.ts"" or "```ts filename="client.ts"".
 */
export function codeTitle(meta: string | null | undefined): string | undefined {
  if (!meta) return undefined;
  const named = /\b(?:title|filename)=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (named) return named[1] ?? named[2] ?? named[3];
  const plain = meta
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b\w+=\S+/g, '')
    .trim();
  return plain || undefined;
}

/** Renders a code block with its language label (and title), ready for a copy button. */
export function codeBlock(node: Code): Element {
  if (node.lang === 'mermaid') return mermaidDiagram(node.value);
  const language = node.lang ?? undefined;
  const title = codeTitle(node.meta);
  const label = title ?? language ?? 'text';
  return h('figure', { className: ['code-block'], dataTitle: label, dataLanguage: language ?? 'text' }, [
    h('figcaption', { className: ['code-caption'] }, [
      ...(title ? [h('span', { className: ['code-title'] }, title)] : []),
      h('span', { className: ['code-language'] }, language ?? 'text'),
    ]),
    h('pre', [h('code', language ? { className: [`language-${language}`] } : {}, node.value)]),
  ]);
}
