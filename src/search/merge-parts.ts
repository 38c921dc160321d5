// Joins the parts of a search index (built apart, so a rebuild redoes only the parts that changed) into one.
import { compareCodeUnits } from './vocabulary.js';
import type { SerializedIndex, SerializedPage, SerializedSection } from './serialized.js';

/** FlexSearch data ready for `Document.import`: the key it exported it under, and the parsed value. */
export type FlexSearchEntry = [key: string, data: unknown[]];

/** One index made of several parts: what `SearchIndex.load` needs. */
export interface MergedIndex {
  pages: SerializedPage[];
  sections: SerializedSection[];
  /** Sorted and distinct. */
  vocabulary: string[];
  flexsearch: FlexSearchEntry[];
}

/** A term's postings in one field: id lists by FlexSearch resolution slot (null for an empty slot). */
type Slots = (number[] | null)[];

/**
 * Merges index parts whose pages are disjoint. The result answers as the index one build of all
 * their records gives: pages in URL order, sections renumbered to match. Posting lists keep the
 * order of the parts, not id order: queries read every id of a posting (see rankSections), so
 * sorting them would only cost load time. Throws on FlexSearch data it does not know how to merge (a FlexSearch upgrade that
 * changed its export format must fail loudly, not search wrongly).
 *
 * The parts are used up: their sections and posting lists are renumbered in place and become the
 * result's. Copying them (a large site's parts hold hundreds of thousands of objects) cost
 * load time, most of it in garbage collection.
 */
export function mergeParts(parts: readonly SerializedIndex[]): MergedIndex {
  const { pages, sections, idMaps } = renumber(parts);
  const maps = new Map<string, Map<string, Slots>>();
  const reg: number[] = [];
  const tags = new Map<string, Map<string, number[]>>();
  parts.forEach((part, p) => {
    const newId = idMaps[p]!;
    for (const [key, data] of part.flexsearch) {
      const [first, , kind] = key.split('.');
      if (kind === 'map') mergeMap(mapOf(maps, first!), data as [string, Slots][], newId);
      else if (key.endsWith('.reg')) for (const id of data as number[]) reg.push(newId[id]!);
      else if (key.endsWith('.tag')) mergeTags(tags, data as [string, [string, number[]][]][], newId);
      else throw new Error(`search index: cannot merge FlexSearch data "${key}"`);
    }
  });
  const flexsearch: FlexSearchEntry[] = [];
  for (const [field, map] of maps) flexsearch.push([`${field}.1.map`, [...map]]);
  flexsearch.push(['1.reg', reg]);
  if (tags.size > 0) {
    const tagData = [...tags].map(([field, values]) => [field, [...values]]);
    flexsearch.push(['1.tag', tagData]);
  }
  return { pages, sections, vocabulary: mergeVocabularies(parts.map((p) => p.vocabulary)), flexsearch };
}

/** All pages in URL order, their sections in that order, and per part the new id of each old section id. */
function renumber(parts: readonly SerializedIndex[]): { pages: SerializedPage[]; sections: SerializedSection[]; idMaps: Int32Array[] } {
  const owned = parts.flatMap((part, p) => part.pages.map((page, index) => ({ page, part: p, index })));
  owned.sort((a, b) => compareCodeUnits(a.page.url, b.page.url));
  // Each part's sections are grouped by page, in page order: find where each page's run starts.
  const runs = parts.map((part) => {
    const start = new Int32Array(part.pages.length + 1);
    let page = -1;
    part.sections.forEach((section, id) => {
      while (page < section.page) start[++page] = id;
    });
    while (page < part.pages.length) start[++page] = part.sections.length;
    return start;
  });
  const idMaps = parts.map((part) => new Int32Array(part.sections.length));
  const pages: SerializedPage[] = [];
  const sections: SerializedSection[] = [];
  for (const { page, part, index } of owned) {
    const { sections: own } = parts[part]!;
    for (let id = runs[part]![index]!; id < runs[part]![index + 1]!; id++) {
      idMaps[part]![id] = sections.length;
      own[id]!.page = pages.length;
      sections.push(own[id]!);
    }
    pages.push(page);
  }
  return { pages, sections, idMaps };
}

function mapOf(maps: Map<string, Map<string, Slots>>, field: string): Map<string, Slots> {
  let map = maps.get(field);
  if (!map) maps.set(field, (map = new Map()));
  return map;
}

function mergeMap(into: Map<string, Slots>, entries: [string, Slots][], newId: Int32Array): void {
  for (const [term, slots] of entries) {
    const merged = into.get(term);
    if (!merged) {
      // A term's first part: its lists become the merged ones, renumbered in place.
      for (const ids of slots) if (ids) for (let i = 0; i < ids.length; i++) ids[i] = newId[ids[i]!]!;
      into.set(term, slots);
      continue;
    }
    for (let slot = 0; slot < slots.length; slot++) {
      while (merged.length <= slot) merged.push(null);
      const ids = slots[slot];
      if (!ids || ids.length === 0) continue;
      const target = (merged[slot] ??= []);
      for (let i = 0; i < ids.length; i++) target.push(newId[ids[i]!]!);
    }
  }
}

function mergeTags(into: Map<string, Map<string, number[]>>, fields: [string, [string, number[]][]][], newId: Int32Array): void {
  for (const [field, values] of fields) {
    let byValue = into.get(field);
    if (!byValue) into.set(field, (byValue = new Map()));
    for (const [value, ids] of values) {
      let target = byValue.get(value);
      if (!target) byValue.set(value, (target = []));
      for (const id of ids) target.push(newId[id]!);
    }
  }
}

function mergeVocabularies(lists: readonly (readonly string[])[]): string[] {
  if (lists.length === 1) return [...lists[0]!];
  return [...new Set(lists.flat())].sort(compareCodeUnits);
}
