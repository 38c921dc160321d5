// The FlexSearch document index that build and runtime both create: one definition, so an import matches its export.
import { Charset, Document, Encoder } from 'flexsearch';

/** Text fields, searched term by term; their weights live in the ranking. */
export const TEXT_FIELDS = ['title', 'heading', 'text'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Tag fields, holding what the filters need: versions, languages and access. */
export const TAG_FIELDS = ['version', 'language', 'access'] as const;
export type TagField = (typeof TAG_FIELDS)[number];

/** What is added to FlexSearch for one section; the id is the section's position. */
export interface IndexedSection {
  [key: string]: number | string | string[];
  id: number;
  title: string;
  /** The heading path, joined by spaces. */
  heading: string;
  text: string;
  version: string[];
  language: string[];
  access: string[];
}

export type SectionDocument = Document<IndexedSection>;

/**
 * A new, empty section index and the encoder it uses. `onTerms` sees every term the encoder
 * produces (the build collects the vocabulary with it).
 *
 * Changing any option here changes what an exported index means: bump `INDEX_FORMAT_VERSION`.
 */
export function createSectionDocument(onTerms?: (terms: string[]) => void): { document: SectionDocument; encoder: Encoder } {
  // Lower case, diacritics folded, split on anything but letters and digits. Unlike FlexSearch's
  // default, repeated letters stay ("sso" is not "so", "add" is not "ad") and numbers stay whole.
  const encoder = new Encoder({
    ...Charset.Default,
    dedupe: false,
    numeric: false,
    ...(onTerms
      ? {
          finalize: (terms: string[]) => {
            onTerms(terms);
            return terms;
          },
        }
      : {}),
  });
  const document: SectionDocument = new Document<IndexedSection>({
    // Whole terms only: prefix matching comes from the vocabulary, which costs far less than
    // FlexSearch's "forward" tokenizer (measured: about 5x the index size and build time).
    tokenize: 'strict',
    encoder,
    document: {
      id: 'id',
      index: [...TEXT_FIELDS],
      tag: [...TAG_FIELDS],
    },
  });
  return { document, encoder };
}
