// Math typeset with KaTeX at build time, put into a page's HTML after the page's own markup is sanitized.
import { randomUUID } from 'node:crypto';
import type { Text } from 'hast';
import { katex, KATEX_OPTIONS, type MathNode } from '../content/index.js';

/**
 * Typesets the formulas of one page body. The renderer puts a `placeholder` where each formula
 * goes and `typeset` replaces them in the sanitized HTML: KaTeX's markup (inline styles, MathML)
 * never meets the sanitizer's allow-list, which stays as strict for what pages write, and what
 * a page writes never passes for a formula, since the placeholders hold a random mark.
 */
export interface MathTypesetter {
  /** Text standing for `node` until `typeset`. */
  placeholder(node: MathNode): Text;
  /** `html` with every placeholder replaced by its formula's HTML and MathML. */
  typeset(html: string): string;
}

export function mathTypesetter(): MathTypesetter {
  const formulas: MathNode[] = [];
  let mark: string | undefined;
  return {
    placeholder(node) {
      mark ??= `math-${randomUUID()}-`;
      formulas.push(node);
      return { type: 'text', value: `${mark}${formulas.length - 1}.` };
    },
    typeset(html) {
      if (mark === undefined) return html;
      return html.replace(new RegExp(`${mark}(\\d+)\\.`, 'g'), (_placeholder, n: string) => {
        const node = formulas[Number(n)]!;
        return katex().renderToString(node.value, { ...KATEX_OPTIONS, displayMode: node.type === 'math' });
      });
    },
  };
}
