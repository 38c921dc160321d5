// Tag values of the version and language fields, and the tag filter a query turns into.
import { readableAccessTags, type Reader } from './reader.js';

/** Tag value of content that belongs to every version (or every language). */
export const ALL_TAG = '*';

/** Tag value of one named version or language; prefixed so no label can collide with `*`. */
export function labelTag(label: string): string {
  return `=${label}`;
}

/** The tags of a page's versions or languages: empty means all. */
export function scopeTags(labels: readonly string[]): string[] {
  return labels.length === 0 ? [ALL_TAG] : [...new Set(labels)].sort().map(labelTag);
}

/** What a query may see, as the tag values each tag field must match (any of). */
export interface TagFilter {
  version?: string[];
  language?: string[];
  access?: string[];
}

/** A text naming `filter`: two filters that allow the same sections always have the same key. */
export function filterKey(filter: TagFilter): string {
  return JSON.stringify([filter.version, filter.language, filter.access]);
}

/** The language tags a query in `language` matches: that language's and every language's. */
export function languageTags(language: string): string[] {
  return [ALL_TAG, labelTag(language)];
}

/** The filter for a query: a field is absent when it does not restrict anything. */
export function tagFilterOf(options: { version?: string | undefined; language?: string | undefined; reader: Reader }): TagFilter {
  const filter: TagFilter = {};
  if (options.version !== undefined) filter.version = [ALL_TAG, labelTag(options.version)];
  if (options.language !== undefined) filter.language = languageTags(options.language);
  const access = readableAccessTags(options.reader);
  if (access) filter.access = access;
  return filter;
}
