// llms.txt and llms-full.txt (REFERENCE.md): the site's pages for language models, in reading order.

/** One page as llms.txt lists it. */
export interface LlmsEntry {
  /** Page URL path, e.g. "/quickstart". */
  url: string;
  title: string;
  /** The page's first paragraph (or description). */
  summary: string;
  /** Heading it is listed under: the top-level navigation item, or "Other pages". */
  section: string;
  markdown: string;
}

export interface LlmsSite {
  name: string;
  description?: string;
  siteUrl: string;
}

/** `llms.txt`: H1 site name, `>` description, then sections of `.md` links with summaries. */
export function llmsTxt(site: LlmsSite, entries: readonly LlmsEntry[]): string {
  const lines = [`# ${site.name}`, ''];
  if (site.description) lines.push(`> ${site.description}`, '');
  const sections = new Map<string, LlmsEntry[]>();
  for (const entry of entries) sections.set(entry.section, [...(sections.get(entry.section) ?? []), entry]);
  for (const [section, list] of sections) {
    lines.push(`## ${section}`, '');
    for (const entry of list) {
      const link = `${site.siteUrl}${markdownPath(entry.url)}`;
      lines.push(`- [${entry.title}](${link})${entry.summary ? `: ${entry.summary}` : ''}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** `llms-full.txt`: every listed page's Markdown, each headed by its source URL. */
export function llmsFullTxt(site: LlmsSite, entries: readonly LlmsEntry[]): string {
  const parts = entries.map((entry) => `<!-- Source: ${site.siteUrl}${entry.url} -->\n\n${entry.markdown.trimEnd()}\n`);
  return `# ${site.name}\n\n${site.description ? `> ${site.description}\n\n` : ''}${parts.join('\n---\n\n')}`;
}

/** The `.md` URL of a page URL: "/" -> "/index.md". */
export function markdownPath(url: string): string {
  return url === '/' ? '/index.md' : `${url}.md`;
}

/** A one-line summary: the first paragraph of text, cut at ~200 characters. */
export function summaryOf(text: string): string {
  const paragraph = (text.split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim();
  return paragraph.length <= 200 ? paragraph : `${paragraph.slice(0, 197).replace(/\s+\S*$/, '')}…`;
}
