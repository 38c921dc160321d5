// llms.txt and llms-full.txt (REFERENCE.md): the site's pages for language models, in reading order.
import { encodedUrl, markdownPath } from '../site/index.js';

/** One page as llms.txt lists it; its Markdown as text, or as UTF-8 bytes (the build's cache holds them so). */
export interface LlmsEntry<M extends string | Uint8Array = string> {
  /** Page URL path, e.g. "/quickstart". */
  url: string;
  title: string;
  /** The page's first paragraph (or description). */
  summary: string;
  /** Heading it is listed under: the top-level navigation item, or "Other pages". */
  section: string;
  /** The page's Markdown as `pageMarkdown` makes it: ending with one line break. */
  markdown: M;
}

export interface LlmsSite {
  name: string;
  description?: string;
  siteUrl: string;
}

/** `llms.txt`: H1 site name, `>` description, then sections of `.md` links with summaries. */
export function llmsTxt(site: LlmsSite, entries: readonly LlmsEntry<string | Uint8Array>[]): string {
  const lines = [`# ${site.name}`, ''];
  if (site.description) lines.push(`> ${site.description}`, '');
  const sections = new Map<string, LlmsEntry<string | Uint8Array>[]>();
  for (const entry of entries) sections.set(entry.section, [...(sections.get(entry.section) ?? []), entry]);
  for (const [section, list] of sections) {
    lines.push(`## ${section}`, '');
    for (const entry of list) {
      const link = `${site.siteUrl}${encodedUrl(markdownPath(entry.url))}`;
      lines.push(`- [${entry.title}](${link})${entry.summary ? `: ${entry.summary}` : ''}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** `llms-full.txt`: every listed page's Markdown, each headed by its source URL. */
export function llmsFullTxt(site: LlmsSite, entries: readonly LlmsEntry[]): string {
  return llmsFullParts(site, entries).join('');
}

/**
 * `llms-full.txt` in the order of its parts: the text around the pages, and each page's Markdown
 * as the entry holds it. A build writes the parts as they are: joined, a large site's would be
 * tens of MB made, encoded and copied once more.
 */
export function llmsFullParts<M extends string | Uint8Array>(site: LlmsSite, entries: readonly LlmsEntry<M>[]): (string | M)[] {
  const parts: (string | M)[] = [`# ${site.name}\n\n${site.description ? `> ${site.description}\n\n` : ''}`];
  for (const [i, entry] of entries.entries())
    parts.push(`${i > 0 ? '\n---\n\n' : ''}<!-- Source: ${site.siteUrl}${encodedUrl(entry.url)} -->\n\n`, entry.markdown);
  return parts;
}

// The runtime's reserved paths need it too, below rendering: it lives with the other page URLs.
export { markdownPath };

/** A one-line summary: the first paragraph of text, cut at ~200 characters. */
export function summaryOf(text: string): string {
  const paragraph = (text.split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim();
  return paragraph.length <= 200 ? paragraph : `${paragraph.slice(0, 197).replace(/\s+\S*$/, '')}…`;
}
