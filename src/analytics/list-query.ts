// Checks the parameters of the analytics listings (SPEC.md 4.1); the endpoints and the CLI export share it.
import { PAGE_LIMIT, type FeedbackSource, type FeedbackStatus } from '../store/index.js';
import { INSTANT_FORMS, parseInstant } from './instant.js';

/** Rows per page when `limit` is not given (SPEC.md 8). */
export const DEFAULT_PAGE_LIMIT = 100;

/** A conversation listing's parameters, checked: `dateFrom` inclusive, `dateTo` exclusive. */
export interface PageQuery {
  dateFrom?: Date | undefined;
  dateTo?: Date | undefined;
  limit: number;
  /** A ULID: the `nextCursor` of the previous page. */
  cursor?: string | undefined;
}

/** A feedback listing's parameters: a page query plus its filters. */
export interface FeedbackQuery extends PageQuery {
  source?: FeedbackSource | undefined;
  status?: FeedbackStatus | undefined;
}

/** Raw parameters, every value of each name; `URLSearchParams` is one. */
export interface RawParams {
  keys(): Iterable<string>;
  getAll(name: string): string[];
}

/** How the caller spells parameter names in messages (the CLI says `--from` for `dateFrom`). */
export type ParamLabels = Readonly<Partial<Record<string, string>>>;

/** Invalid parameters, with one sentence per problem (the `details` of a 400 answer). */
export class QueryError extends Error {
  override readonly name = 'QueryError';
  constructor(readonly problems: string[]) {
    super(problems.join(' '));
  }
}

/** A parameter's value, or the sentence saying what is wrong with it. */
type Parse = (value: string, label: string) => { value: unknown } | { problem: string };

const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/i;

/** A user's value, quoted and cut short, for messages. */
function shown(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

const instant: Parse = (value, label) => {
  const date = parseInstant(value);
  return date ? { value: date } : { problem: `${label} must be ${INSTANT_FORMS}; got ${shown(value)}.` };
};

const limit: Parse = (value, label) => {
  const n = /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  return n >= PAGE_LIMIT.min && n <= PAGE_LIMIT.max
    ? { value: n }
    : { problem: `${label} must be a whole number from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}; got ${shown(value)}.` };
};

const cursor: Parse = (value, label) =>
  ULID.test(value) ? { value: value.toUpperCase() } : { problem: `${label} must be a ULID (the nextCursor of the previous page); got ${shown(value)}.` };

function oneOf(allowed: readonly string[]): Parse {
  return (value, label) => (allowed.includes(value) ? { value } : { problem: `${label} must be one of ${allowed.join(', ')}; got ${shown(value)}.` });
}

const PAGE_PARAMS: Record<string, Parse> = { dateFrom: instant, dateTo: instant, limit, cursor };
const FEEDBACK_PARAMS: Record<string, Parse> = { ...PAGE_PARAMS, source: oneOf(['agent', 'widget']), status: oneOf(['open', 'resolved', 'dismissed']) };

/** Parses every known parameter; throws `QueryError` listing every problem, unknown and repeated names included. */
function parseParams(params: RawParams, parsers: Record<string, Parse>, labels: ParamLabels): Record<string, unknown> {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  const label = (name: string): string => labels[name] ?? name;
  for (const name of new Set(params.keys())) {
    if (!Object.hasOwn(parsers, name)) problems.push(`Unknown parameter ${shown(name)}; the parameters are ${Object.keys(parsers).map(label).join(', ')}.`);
  }
  for (const [name, parse] of Object.entries(parsers)) {
    const given = params.getAll(name);
    if (given.length > 1) problems.push(`${label(name)} is given ${given.length} times; give it once.`);
    if (given.length !== 1) continue;
    const result = parse(given[0]!, label(name));
    if ('problem' in result) problems.push(result.problem);
    else values[name] = result.value;
  }
  const { dateFrom, dateTo } = values as Partial<PageQuery>;
  if (dateFrom && dateTo && dateFrom > dateTo)
    problems.push(`${label('dateFrom')} (${dateFrom.toISOString()}) is after ${label('dateTo')} (${dateTo.toISOString()}).`);
  if (problems.length > 0) throw new QueryError(problems);
  return { ...values, limit: values.limit ?? DEFAULT_PAGE_LIMIT };
}

/** The parameters of `GET /v1/analytics/{projectId}/assistant`; throws `QueryError`. */
export function parseConversationQuery(params: RawParams, labels: ParamLabels = {}): PageQuery {
  return parseParams(params, PAGE_PARAMS, labels) as unknown as PageQuery;
}

/** The parameters of `GET /v1/analytics/{projectId}/feedback`; throws `QueryError`. */
export function parseFeedbackQuery(params: RawParams, labels: ParamLabels = {}): FeedbackQuery {
  return parseParams(params, FEEDBACK_PARAMS, labels) as unknown as FeedbackQuery;
}
