// The language a query is written in, when it names none: the site's language whose sections hold the most of its terms.
import type { SectionDocument } from './flex-document.js';
import type { PostingLists } from './posting-lists.js';
import type { QueryTerm } from './query-terms.js';
import { labelTag } from './tags.js';

/** The languages of a site's sections, read once from the index's language tags. */
export class SectionLanguages {
  private constructor(
    /** Language labels, the most sections first: the first is the site's main language. */
    private readonly labels: readonly string[],
    /** Per section, 1 + its label's position in `labels`, or 0 for content in every language. */
    private readonly languageOf: Uint8Array,
  ) {}

  /** The languages of `document`'s `size` sections; null when it has fewer than two (nothing to choose). */
  static of(document: SectionDocument, size: number): SectionLanguages | null {
    // FlexSearch keeps its tag index as field -> tag value -> section ids; its typings leave it out.
    const tags = (document as unknown as { tag: Map<string, Map<string, number[]>> | null }).tag?.get('language');
    const labelled = [...(tags ?? [])]
      .filter(([tag]) => tag.startsWith(labelTag('')))
      .map(([tag, ids]) => ({ label: tag.slice(labelTag('').length), ids }))
      // Ties by label, so the same index always picks the same main language.
      .sort((a, b) => b.ids.length - a.ids.length || (a.label < b.label ? -1 : 1));
    // Language numbers are kept in a byte; a site with more languages just is not told apart.
    if (labelled.length < 2 || labelled.length > 0xff) return null;
    const languageOf = new Uint8Array(size);
    labelled.forEach(({ ids }, at) => {
      // A page in several languages keeps the one with the most sections.
      for (const id of ids) if (languageOf[id] === 0) languageOf[id] = at + 1;
    });
    return new SectionLanguages(
      labelled.map((l) => l.label),
      languageOf,
    );
  }

  /**
   * The language `terms` are most likely written in: the one with sections holding the most of
   * them (any of a term's words, in any field). Words every language shares ("api", product names)
   * tie, and ties go to the site's main language, so only words of another language pick it.
   */
  queryLanguage(terms: readonly QueryTerm[], postings: PostingLists): string {
    const found = new Int32Array(this.labels.length + 1);
    const seen = new Uint8Array(this.labels.length + 1);
    for (const { words } of terms) {
      seen.fill(0);
      let missing = this.labels.length;
      for (let w = 0; w < words.length && missing > 0; w++) {
        for (const ids of postings.of(words[w]!.word)) {
          for (let i = 0; i < ids.length && missing > 0; i++) {
            const language = this.languageOf[ids[i]!]!;
            if (language === 0 || seen[language] === 1) continue;
            seen[language] = 1;
            found[language]!++;
            missing--;
          }
        }
      }
    }
    let best = 1;
    for (let at = 2; at < found.length; at++) if (found[at]! > found[best]!) best = at;
    return this.labels[best - 1]!;
  }
}
