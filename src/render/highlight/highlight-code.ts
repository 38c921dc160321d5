// A code block's <pre>, highlighted at build time: a span per line, tokens coloured by class, and
// the lines a fence's meta or notation comments (`// [!code ++]`) mark.
import type { Element, ElementContent } from 'hast';
import { transformerNotationDiff, transformerNotationFocus, transformerNotationHighlight } from '@shikijs/transformers';
import type { ShikiTransformer } from 'shiki/core';
import { tokenClasses } from './code-theme.js';
import { codeHighlighter, grammarFor, HIGHLIGHT_OPTIONS } from './highlighter.js';

/** Lines a fence's meta marks, as normalised ranges ("1,3-5"; see codeMeta). */
export interface MarkedLines {
  highlight?: string | undefined;
  focus?: string | undefined;
}

/** What every notation comment holds (`// [!code ++]`, `# [!code focus]`). */
const NOTATION = '[!code ';

/** Classes Shiki's notation transformers and the meta's marks put on lines, and on the <pre> that has such lines. */
const MARKS = { highlight: ['highlighted', 'has-highlighted'], focus: ['focused', 'has-focused'] } as const;

/**
 * `code` as a <pre> with one `span.line` per line, coloured for `language` (plain text when
 * Shiki has no grammar for it), with the meta's highlighted and focused lines marked. Notation
 * comments mark lines too, and are taken out of the code a reader sees and copies.
 */
export function highlightCode(code: string, language: string | undefined, marked: MarkedLines = {}): Element {
  const root = codeHighlighter().codeToHast(code, {
    ...HIGHLIGHT_OPTIONS,
    lang: grammarFor(language) ?? 'text',
    // Each transformer walks every line: those with nothing to mark are left out.
    transformers: [
      ...(code.includes(NOTATION) ? [notationLines, transformerNotationDiff(), transformerNotationHighlight(), transformerNotationFocus()] : []),
      ...(marked.highlight || marked.focus ? [metaLines(marked)] : []),
      tokensAsClasses(language),
    ],
  });
  const pre = root.children[0];
  if (pre?.type !== 'element') throw new Error('Shiki rendered no <pre>.');
  return pre;
}

/** Marks lines that hold a notation comment, so that tokensAsClasses trims the space the comment leaves. */
const notationLines: ShikiTransformer = {
  name: 'docsite:notation-lines',
  enforce: 'pre',
  code(code) {
    for (const line of lineElements(code)) if (textOf(line).includes(NOTATION)) line.data = { ...line.data, notation: true } as Element['data'];
  },
};

/** Marks the lines a fence's meta names (`{1,3-5}`, `focus=2`), with the classes the notation gives them. */
function metaLines({ highlight, focus }: MarkedLines): ShikiTransformer {
  const marks = [
    { ranges: highlight, classes: MARKS.highlight },
    { ranges: focus, classes: MARKS.focus },
  ]
    .filter(({ ranges }) => ranges !== undefined)
    .map(({ ranges, classes }) => ({ isMarked: inRanges(ranges), classes }));
  return {
    name: 'docsite:meta-lines',
    line(line, number) {
      for (const { isMarked, classes } of marks) if (isMarked(number)) this.addClassToHast(line, classes[0]);
    },
    pre(pre) {
      for (const { classes } of marks) this.addClassToHast(pre, classes[1]);
    },
  };
}

/**
 * Last: each token's colour becomes classes (see tokenClasses) instead of an inline style, and a
 * token with none becomes bare text; the <pre> keeps only the marks' classes, no style; the
 * <code> gets its `language-*` class.
 */
function tokensAsClasses(language: string | undefined): ShikiTransformer {
  return {
    name: 'docsite:tokens-as-classes',
    enforce: 'post',
    span(span, _line, _column, _lineElement, token) {
      span.properties = { className: tokenClasses(token.color, token.fontStyle) };
    },
    code(code) {
      for (const line of lineElements(code)) {
        line.properties = { className: classesOf(line) };
        line.children = bareTextTokens(line.children);
        if ((line.data as { notation?: boolean } | undefined)?.notation) trimEnd(line);
      }
      code.properties = language ? { className: [`language-${language}`] } : {};
    },
    pre(pre) {
      const marks = classesOf(pre).filter((name) => name.startsWith('has-'));
      pre.properties = { ...(marks.length > 0 ? { className: marks } : {}), tabIndex: 0 };
    },
  };
}

/** A line's tokens, those without a class as text, runs of text joined. */
function bareTextTokens(tokens: ElementContent[]): ElementContent[] {
  const out: ElementContent[] = [];
  for (const token of tokens) {
    const bare = token.type === 'element' && (token.properties.className as string[] | undefined)?.length === 0 ? token.children : [token];
    for (const node of bare) {
      const last = out.at(-1);
      if (node.type === 'text' && last?.type === 'text') last.value += node.value;
      else out.push(node.type === 'text' ? { ...node } : node);
    }
  }
  return out;
}

/** Drops the white space at the end of a line (left before a notation comment that was taken out). */
function trimEnd(line: Element): void {
  for (let last = line.children.at(-1); last; last = line.children.at(-1)) {
    const text = last.type === 'text' ? last : last.type === 'element' && last.children[0]?.type === 'text' ? last.children[0] : undefined;
    if (!text) return;
    text.value = text.value.trimEnd();
    if (text.value !== '') return;
    line.children.pop();
  }
}

/** An element's classes: Shiki writes them as a `class` string or list, hast (and so the sanitizer) reads `className`. */
function classesOf(element: Element): string[] {
  const { class: written, className } = element.properties;
  const classes = written ?? className;
  return (Array.isArray(classes) ? classes : String(classes ?? '').split(' ')).map(String).filter((name) => name !== '');
}

function lineElements(code: Element): Element[] {
  return code.children.filter((child): child is Element => child.type === 'element');
}

function textOf(node: ElementContent): string {
  return node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '';
}

/** Whether a line number falls in ranges "1,3-5" (none given: no line does). */
function inRanges(ranges: string | undefined): (line: number) => boolean {
  const bounds = (ranges ? ranges.split(',') : []).map((range) => {
    const [first, last = first] = range.split('-').map(Number);
    return [first!, last!] as const;
  });
  return (line) => bounds.some(([first, last]) => line >= first && line <= last);
}
