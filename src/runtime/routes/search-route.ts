// `GET /_docsite/search`: the site's search box. The index the MCP search tool reads, as the reader
// the request signs in as may read it, answered as JSON with results grouped by page.
import { Router, type Request } from 'express';
import type { LoadedBundle } from '../../bundle/index.js';
import { readerOf } from '../../mcp/index.js';
import { MAX_QUERY_LENGTH, resultsByPage, SEARCH_LIMIT } from '../../search/index.js';
import { HttpError } from '../http-error.js';
import { clientAddress, type RateLimits } from '../rate-limits.js';
import type { ReaderView } from '../reader-view.js';
import { methodNotAllowed } from '../rest-handlers.js';

/** Where the search box's script asks (templates/docsite-search.js). */
export const SEARCH_ENDPOINT = '/_docsite/search';
/** The longest version or language label taken: docs.json's are short names. */
const MAX_LABEL_LENGTH = 100;
/** How long a browser may reuse an anonymous reader's results: the bundle never changes under a running server. */
const ANONYMOUS_CACHE = 'private, max-age=60';

export interface SearchRouteOptions {
  bundle: LoadedBundle;
  viewOf(req: Request): ReaderView;
  rateLimits: RateLimits;
  /** Told of every search answered: who searched, the text, how many sections it found (search analytics). */
  onSearch?(search: { view: ReaderView; query: string; found: number }): void;
}

/** What a search request asks, once checked. */
interface SearchParams {
  q: string;
  version: string | undefined;
  language: string | undefined;
  limit: number | undefined;
}

export function searchRoute({ bundle, viewOf, rateLimits, onSearch }: SearchRouteOptions): Router {
  const router = Router();
  router.get(SEARCH_ENDPOINT, rateLimits.limit('readerSearch', clientAddress), (req, res) => {
    const { q, version, language, limit } = searchParamsOf(req);
    const view = viewOf(req);
    const hits = bundle.search.search(q, { reader: readerOf(view.principal, view.authentication), version, language, limit });
    onSearch?.({ view, query: q, found: hits.length });
    // A signed-in reader's results may hold what only they may read: no cache keeps them.
    res.set('Cache-Control', view.principal.kind === 'anonymous' ? ANONYMOUS_CACHE : 'no-store').vary('Cookie');
    res.json({ query: q, pages: resultsByPage(hits, bundle.search.highlighter(q)) });
  });
  router.all(SEARCH_ENDPOINT, methodNotAllowed('GET'));
  return router;
}

/** The request's parameters, or a 400 listing every problem. Unknown versions and languages match only what is in all of them, as on /mcp. */
function searchParamsOf(req: Request): SearchParams {
  const problems: string[] = [];
  /** A parameter given at most once, at most `max` characters long; blank counts as not given. */
  const single = (name: string, max: number): string | undefined => {
    const value = req.query[name];
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
    if (typeof value !== 'string') return void problems.push(`${name} must be given once.`);
    if (value.length > max) return void problems.push(`${name} must be at most ${max} characters.`);
    return value;
  };
  const q = single('q', MAX_QUERY_LENGTH);
  // Checked first: a problem so far is q's own, and a q given wrongly is not also missing.
  if (q === undefined && problems.length === 0) problems.push('q is required: the words to search for.');
  const version = single('version', MAX_LABEL_LENGTH);
  const language = single('language', MAX_LABEL_LENGTH);
  const limitText = single('limit', 10);
  const limit = limitText === undefined ? undefined : Number(limitText);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= SEARCH_LIMIT.max))
    problems.push(`limit must be a whole number from 1 to ${SEARCH_LIMIT.max}.`);
  if (problems.length > 0 || q === undefined)
    throw new HttpError(
      400,
      'Invalid search request.',
      problems.map((message) => ({ message })),
    );
  return { q, version, language, limit };
}
