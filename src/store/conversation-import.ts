// Checks rows brought in from other systems before any is written, naming the bad row and field.
import { StoreInputError } from './errors.js';
import type { ImportedConversation } from './conversations.js';
import { canonicalUlid } from './ids.js';
import type { SqlValue } from './sql.js';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isStringOrNull(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

function isSources(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (s: unknown) => typeof s === 'object' && s !== null && isString((s as Record<string, unknown>).title) && isString((s as Record<string, unknown>).url),
    )
  );
}

/** The problem with one row, or undefined when it is valid. */
function problemOf(row: ImportedConversation): string | undefined {
  if (typeof row !== 'object' || row === null) return 'is not an object';
  if (!isString(row.projectId) || row.projectId === '') return 'projectId must be a non-empty string';
  if (!isString(row.id) || !canonicalUlid(row.id)) return 'id must be a ULID';
  if (!isString(row.timestamp) || !ISO_8601.test(row.timestamp) || Number.isNaN(Date.parse(row.timestamp))) {
    return 'timestamp must be an ISO 8601 date-time with a time zone';
  }
  if (!isString(row.query)) return 'query must be a string';
  if (!isString(row.response)) return 'response must be a string';
  if (!isSources(row.sources)) return 'sources must be an array of {title, url} strings';
  if (!isStringOrNull(row.queryCategory)) return 'queryCategory must be a string or null';
  if (!isStringOrNull(row.pageUrl)) return 'pageUrl must be a string or null';
  if (row.resolutionStatus !== 'answered' && row.resolutionStatus !== 'unanswered') return 'resolutionStatus must be answered or unanswered';
  return undefined;
}

/**
 * Validates every row and returns them as column values (project_id, id, created_ms, query,
 * response, sources, query_category, page_url, resolution_status). Throws `StoreInputError`
 * naming the first bad row (1-based), including an id repeated within the batch.
 */
export function importRowsOf(rows: readonly ImportedConversation[]): SqlValue[][] {
  const seen = new Map<string, number>();
  return rows.map((row, index) => {
    const problem = problemOf(row);
    if (problem) throw new StoreInputError(`row ${index + 1}: ${problem}`);
    const id = canonicalUlid(row.id)!;
    const key = `${row.projectId}\u0000${id}`;
    const first = seen.get(key);
    if (first !== undefined) throw new StoreInputError(`row ${index + 1}: id repeats row ${first}`);
    seen.set(key, index + 1);
    return [
      row.projectId,
      id,
      Date.parse(row.timestamp),
      row.query,
      row.response,
      JSON.stringify(row.sources.map(({ title, url }) => ({ title, url }))),
      row.queryCategory,
      row.pageUrl,
      row.resolutionStatus,
    ];
  });
}
