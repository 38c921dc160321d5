// Minimal site pages for search tests: only the fields search reads.
import type { SearchablePage } from '../../src/search/index.js';

type SectionSpec = string | { heading: string | string[]; text?: string; anchor?: string };

export interface PageSpec {
  title?: string;
  /** The introduction (text before the first heading). */
  intro?: string;
  sections?: SectionSpec[];
  versions?: string[];
  languages?: string[];
  public?: boolean;
  groups?: string[];
  indexed?: boolean;
}

/** A page at `path` (URL `/<path>`), public and indexed unless `spec` says otherwise. */
export function page(path: string, spec: PageSpec = {}): SearchablePage {
  const sections: SearchablePage['sections'] = [];
  if (spec.intro !== undefined) sections.push({ anchor: null, headingPath: [], text: spec.intro });
  for (const s of spec.sections ?? []) {
    const heading = typeof s === 'string' ? [s] : Array.isArray(s.heading) ? s.heading : [s.heading];
    const last = heading[heading.length - 1]!;
    const anchor = typeof s === 'object' && s.anchor ? s.anchor : last.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    sections.push({ anchor, headingPath: heading, text: typeof s === 'string' ? '' : (s.text ?? '') });
  }
  return {
    path,
    url: path === 'index' ? '/' : `/${path}`,
    title: spec.title ?? path,
    sections,
    versions: spec.versions ?? [],
    languages: spec.languages ?? [],
    searchable: spec.indexed ?? true,
    access: { public: spec.public ?? true, groups: spec.groups ?? [] },
  };
}

/** Filler prose that mentions none of the words tests search for. */
export function filler(words: number): string {
  const pool = ['the', 'service', 'keeps', 'a', 'record', 'of', 'every', 'change', 'so', 'you', 'can', 'review', 'it', 'later', 'with', 'care'];
  return Array.from({ length: words }, (_, i) => pool[(i * 7) % pool.length]).join(' ');
}
