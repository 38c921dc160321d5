// The one unified processor docsite parses MDX with; the benchmark's "bare parse" uses it too.
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Root } from 'mdast';

/**
 * A frozen processor: remark-parse + remark-mdx + remark-frontmatter (YAML) + remark-gfm (tables,
 * strikethrough, autolinks, task lists) + remark-math (`$…$` and `$$…$$` are math, as on Mintlify).
 */
export const mdxProcessor = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkMath).freeze();

/** Parses MDX source into an mdast tree; throws a VFileMessage with a place on syntax errors. */
export function parseMdx(source: string): Root {
  return mdxProcessor.parse(source);
}
