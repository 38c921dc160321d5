// Anchor ids of a page. Custom heading anchors, `## Title {#custom-id}`, are common in real docs but
// invalid MDX: they are blanked out (same length, so positions stay true) before MDX parses the page.
// Other headings, accordions and fields get the ids Mintlify gives them.

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

// Generated ids, as Mintlify makes them (its docs, create/text "Automatic anchor IDs"; its
// checker and renderer agree on them): links written for a Mintlify site find their anchors here.
// Mintlify slugs with @sindresorhus/slugify (MIT); the steps below are the ones it takes on the
// text it is given, written out, since that package transliterates by thousands of replaceAll
// calls per string (3 ms a heading).

/** What encodeURIComponent leaves as it is: a title made only of these is slugged as ASCII. */
const URI_SAFE = /^[A-Za-z0-9\-_.!~*'()]*$/;
/** Punctuation a heading's id loses in the browser, and emoji. */
const DROPPED_FROM_ID = /[?,;:!'"()[\]{}]|\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]/gu;

/**
 * Hyphens for every run of characters `kept` does not match, `'s`/`'t` of contractions joined to
 * their word (`don-t` is `dont`), no hyphen doubled or at either end.
 */
function hyphenate(text: string, kept: RegExp): string {
  return text
    .replace(kept, '-')
    .replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

const NOT_LOWER_WORD = /[^a-z\d_]+/g;
const NOT_ENCODED_WORD = /[^a-zA-Z\d%_]+/g;
const NOT_LOWER_ALNUM = /[^a-z\d]+/g;

/**
 * The id of a heading's text before numbering, and the key it is numbered by: lower case,
 * whitespace and punctuation as hyphens, apostrophes as `’` (typographic quotes in the page);
 * letters of any script, `/`, `&` and `’` stay, since such a title is slugged percent-encoded
 * and then decoded.
 */
function headingKey(text: string): string {
  const dashed = text.replace(/'/g, '’').toLowerCase().trim().replace(/\s+/g, '-');
  if (URI_SAFE.test(dashed)) return hyphenate(dashed, NOT_LOWER_WORD);
  const encoded = hyphenate(encodeURIComponent(dashed), NOT_ENCODED_WORD);
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/** Plain ASCII slug of a title: accents dropped (`é` is `e`), `&` as "and", lower case, hyphens between words. */
function asciiSlug(text: string): string {
  const folded = text
    .replace(/[äöüÄÖÜßæÆøØłŁđĐþÞ]/g, (letter) => LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/&/g, ' and ')
    .toLowerCase();
  return hyphenate(folded, NOT_LOWER_ALNUM);
}

/** Letters that are not a letter and an accent, spelt in ASCII as transliteration spells them. */
const LETTERS: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  þ: 'th',
  Þ: 'TH',
};

/** `userId` as `user Id`, `HTTPStatus` as `HTTP Status`: the words of a camel-cased name. */
function decamelize(text: string): string {
  return text
    .replace(/([A-Z]{2,})(\d+)/g, '$1 $2')
    .replace(/([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-rt-z\d]+)/g, '$1 $2');
}

/** A page's heading ids, in page order: the second `Overview` is `overview-2`, the third `overview-3`. */
export function headingIdMaker(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const key = headingKey(text);
    if (!key) return '';
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return withoutDroppedCharacters(n > 1 ? `${key}-${n}` : key);
  };
}

/** An id without the characters a heading's id loses (`option-2:-setup` is `option-2-setup`). */
export function withoutDroppedCharacters(id: string): string {
  return id.replace(DROPPED_FROM_ID, '');
}

/** A page's accordion ids from their titles: `installation-steps`, then `installation-steps-1`. */
export function titleIdMaker(): (title: string) => string {
  const seen = new Map<string, number>();
  return (title) => {
    const base = asciiSlug(title.replace(':', '-'));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n > 0 ? `${base}-${n}` : base;
  };
}

/** A page's ParamField and ResponseField ids from their names: `userId` is `param-user-id`, a second one `param-user-id-1`. */
export function fieldIdMaker(): (name: string) => string {
  const seen = new Map<string, number>();
  return (name) => {
    const base = fieldId(name, 0);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return fieldId(name, n);
  };
}

function fieldId(name: string, n: number): string {
  return asciiSlug(decamelize(`param-${name}${n > 0 ? `_${n}` : ''}`));
}
