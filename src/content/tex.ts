// Math as KaTeX reads it: the one set of options pages are typeset with, and the check that finds TeX it cannot read.
import { createRequire } from 'node:module';
import type { Nodes, Root } from 'mdast';
import type { KatexOptions } from 'katex';
import type { Position } from '../diagnostics/index.js';

type Katex = typeof import('katex').default;

/**
 * KaTeX, loaded on first use: most pages have no math, and loading it costs a build thread some
 * 80 ms. Through `require` (KaTeX ships a CommonJS build) so that callers stay synchronous.
 */
export function katex(): Katex {
  loaded ??= createRequire(import.meta.url)('katex') as Katex;
  return loaded;
}
let loaded: Katex | undefined;

/**
 * How every formula is typeset. `trust: false` keeps `\href`, `\url`, `\includegraphics` and the
 * `\html…` commands from writing links, classes, styles or ids into the page (they show as red
 * text); `maxSize` keeps a `\rule` or `\kern` from covering the page; `strict: 'ignore'` accepts
 * the LaTeX-incompatible input KaTeX would otherwise print warnings about; `throwOnError: false`
 * renders TeX KaTeX cannot read as its source in red (`.katex-error`), reported by texProblems.
 */
export const KATEX_OPTIONS: Readonly<KatexOptions> = {
  output: 'htmlAndMathml',
  throwOnError: false,
  trust: false,
  strict: 'ignore',
  maxSize: 50,
  maxExpand: 1000,
};

/** A formula as remark-math parses it: `$…$` (`inlineMath`) or a `$$` block (`math`). */
export type MathNode = Extract<Nodes, { type: 'math' | 'inlineMath' }>;

/** TeX of a page that KaTeX cannot typeset: what KaTeX says, and where. */
export interface TexProblem extends Position {
  message: string;
}

/** Every formula of `tree` KaTeX cannot typeset, with the line KaTeX points at. */
export function texProblems(tree: Root): TexProblem[] {
  const problems: TexProblem[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'math' || node.type === 'inlineMath') {
      const problem = texProblem(node);
      if (problem) problems.push(problem);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return problems;
}

function texProblem(node: MathNode): TexProblem | undefined {
  const { ParseError } = katex();
  try {
    katex().renderToString(node.value, { ...KATEX_OPTIONS, displayMode: node.type === 'math', throwOnError: true });
    return undefined;
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    const start = node.position?.start ?? { line: 1, column: 1 };
    // A `$$` block's TeX starts on the line after its opening fence; the offset KaTeX gives is in the TeX.
    const linesBefore = node.value.slice(0, error.position ?? 0).split('\n').length - 1;
    const line = Math.min(start.line + (node.type === 'math' ? 1 : 0) + linesBefore, node.position?.end.line ?? Number.POSITIVE_INFINITY);
    return { line, column: line === start.line ? start.column : 1, message: error.rawMessage };
  }
}
