// Cuts the part of a section's text around the first query match, for showing in results.
/** Target snippet length in characters. */
export const SNIPPET_LENGTH = 200;
/** How much text before the match the snippet keeps, when there is that much. */
const LEAD_IN = 60;
const ELLIPSIS = '…';
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * About `SNIPPET_LENGTH` characters of `text` around the first word `matches` accepts, cut at
 * word boundaries with `…` where text was left out; the start of the text when nothing matches.
 */
export function snippetOf(text: string, matches: (word: string) => boolean): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_LENGTH) return flat;
  let at = 0;
  for (const m of flat.matchAll(WORD)) {
    if (matches(m[0])) {
      at = m.index;
      break;
    }
  }
  let start = Math.max(0, at - LEAD_IN);
  let end = Math.min(flat.length, start + SNIPPET_LENGTH);
  start = Math.max(0, end - SNIPPET_LENGTH);
  if (start > 0) start = wordStartAtOrAfter(flat, start, at);
  if (end < flat.length) end = wordEndAtOrBefore(flat, end, at);
  return `${start > 0 ? ELLIPSIS : ''}${flat.slice(start, end).trim()}${end < flat.length ? ELLIPSIS : ''}`;
}

/** The first word start at or after `index`, never past the match at `limit`. */
function wordStartAtOrAfter(text: string, index: number, limit: number): number {
  if (text[index - 1] === ' ') return index;
  const space = text.indexOf(' ', index);
  return space === -1 || space >= limit ? Math.min(index, limit) : space + 1;
}

/** The last word end at or before `index`, never before the match at `limit`. */
function wordEndAtOrBefore(text: string, index: number, limit: number): number {
  if (text[index] === ' ') return index;
  const space = text.lastIndexOf(' ', index);
  return space <= limit ? index : space;
}
