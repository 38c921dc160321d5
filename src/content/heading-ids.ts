// Custom heading anchors: `## Title {#custom-id}`, common in real docs but invalid MDX.
// They are blanked out (same length, so positions stay true) before MDX parses the page.

const HEADING_ID = /^( {0,3}#{1,6}[ \t].*?)[ \t]*(\{#([A-Za-z0-9_][\w.:-]*)\})[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The page source with custom ids blanked, and the id of each 1-based line that had one. */
export interface HeadingIds {
  source: string;
  idsByLine: Map<number, string>;
}

/** Finds `{#id}` suffixes on ATX headings outside fenced code, and blanks them. */
export function extractHeadingIds(source: string): HeadingIds {
  const idsByLine = new Map<number, string>();
  if (!source.includes('{#')) return { source, idsByLine };
  const lines = source.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const match = HEADING_ID.exec(line);
    if (!match) continue;
    idsByLine.set(i + 1, match[3]!);
    const start = line.lastIndexOf(match[2]!);
    lines[i] = line.slice(0, start) + ' '.repeat(match[2]!.length) + line.slice(start + match[2]!.length);
  }
  return { source: lines.join('\n'), idsByLine };
}
