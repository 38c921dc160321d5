// The relevance evaluation set (bench/relevance/questions.json, issue 28) and the sites it is about:
// read by the relevance benchmark and checked by its test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { realSitesRoot } from './real-sites.js';

export type SiteName = 'mintlify-docs' | 'acme';

export interface SetQuestion {
  site: SiteName;
  /** A natural question, as a user types it. */
  question: string;
  /** The same need in 2–3 words. */
  terse: string;
  /** Page URLs that answer it: any of them in the results is a hit. */
  expected: string[];
}

export interface SetQuery {
  site: SiteName;
  query: string;
  expected: string[];
}

export interface RelevanceSet {
  note: string;
  questions: SetQuestion[];
  misspelled: SetQuery[];
  stemming: SetQuery[];
}

const REPO = fileURLToPath(new URL('..', import.meta.url));
export const RELEVANCE_SET_FILE = join(REPO, 'bench', 'relevance', 'questions.json');

export function readRelevanceSet(): RelevanceSet {
  return JSON.parse(readFileSync(RELEVANCE_SET_FILE, 'utf8')) as RelevanceSet;
}

/** The source folder of each site: mintlify/docs as laid out among the real sites (BENCH_REAL_SITES), the example in the repository. */
export function siteFolder(site: SiteName): string {
  return site === 'acme' ? join(REPO, 'examples', 'acme') : join(realSitesRoot(), 'mintlify-docs');
}
