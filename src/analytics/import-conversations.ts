// `docsite analytics import`: reads a JSON Lines file of conversations, checks every line, stores all or none.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ErrorObject } from 'ajv';
import { ulid } from 'ulid';
import { schemaValidator } from '../config/index.js';
import type { ConversationStore, ImportedConversation, Source } from '../store/index.js';
import { INSTANT_FORMS, parseInstant } from './instant.js';

/** Most problems an `ImportFileError` lists; the rest are counted. */
const MAX_PROBLEMS = 20;

/** The file has invalid lines; nothing was stored. Each problem reads `file:line: message`. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
  constructor(
    readonly problems: string[],
    readonly total: number,
  ) {
    super(`${total} invalid line${total === 1 ? '' : 's'}`);
  }
}

/** A line as schemas/conversation-import.schema.json describes it. */
interface ImportLine {
  id?: string;
  timestamp: string;
  query: string;
  response: string;
  sources?: Source[];
  queryCategory?: string | null;
  pageUrl?: string | null;
  resolutionStatus?: 'answered' | 'unanswered';
}

/** The first schema error of a line, as a sentence naming the field. */
function schemaProblem(error: ErrorObject | undefined): string {
  if (!error) return 'does not match the import format';
  const field = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'the line';
  if (error.keyword === 'additionalProperties')
    return `unknown field "${String(error.params.additionalProperty)}" ${error.instancePath ? `in ${field}` : ''}`.trim();
  if (error.keyword === 'required') return `missing field "${String(error.params.missingProperty)}"${error.instancePath ? ` in ${field}` : ''}`;
  if (error.keyword === 'pattern' && field === 'id') return 'id must be a ULID';
  if (error.keyword === 'type' && !error.instancePath) return 'the line must be a JSON object';
  if (error.keyword === 'minLength' && error.params.limit === 1) return `${field} must not be empty`;
  if (error.keyword === 'enum') return `${field} must be one of ${(error.params.allowedValues as string[]).join(', ')}`;
  return `${field} ${error.message ?? 'is invalid'}`;
}

/** Whether `text` is a full http(s) URL (SPEC.md 2.1: `pageUrl` is the page's full URL), not a path or another scheme. */
function isFullHttpUrl(text: string): boolean {
  return /^https?:\/\//i.test(text) && URL.canParse(text);
}

/** The row of one parsed line, or the problem with it. */
function rowOf(value: unknown, projectId: string): ImportedConversation | string {
  const validate = schemaValidator('conversation-import');
  if (!validate(value)) return schemaProblem(validate.errors?.[0]);
  const line = value as ImportLine;
  const at = parseInstant(line.timestamp);
  if (!at) return `timestamp must be ${INSTANT_FORMS}; got ${JSON.stringify(line.timestamp)}`;
  if (typeof line.pageUrl === 'string' && !isFullHttpUrl(line.pageUrl))
    return `pageUrl must be a full http or https URL such as https://docs.example.com/quickstart, or null; got ${JSON.stringify(line.pageUrl)}`;
  const sources = line.sources ?? [];
  return {
    projectId,
    id: line.id?.toUpperCase() ?? ulid(at.getTime()),
    timestamp: at.toISOString(),
    query: line.query,
    response: line.response,
    sources,
    queryCategory: line.queryCategory ?? null,
    pageUrl: line.pageUrl ?? null,
    resolutionStatus: line.resolutionStatus ?? (sources.length > 0 ? 'answered' : 'unanswered'),
  };
}

/**
 * Reads and checks every line of `file` (blank lines are skipped) as conversations of
 * `projectId`. Throws `ImportFileError` listing the bad lines, as `file:line: problem`.
 */
export async function readConversationFile(file: string, projectId: string): Promise<ImportedConversation[]> {
  const rows: ImportedConversation[] = [];
  const problems: string[] = [];
  const seen = new Map<string, number>();
  let number = 0;
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const text of lines) {
    number += 1;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      problems.push(`${file}:${number}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const row = rowOf(value, projectId);
    if (typeof row === 'string') {
      problems.push(`${file}:${number}: ${row}`);
      continue;
    }
    const first = seen.get(row.id);
    if (first !== undefined) problems.push(`${file}:${number}: id ${row.id} repeats line ${first}`);
    seen.set(row.id, number);
    rows.push(row);
  }
  if (problems.length > 0) throw new ImportFileError(problems.slice(0, MAX_PROBLEMS), problems.length);
  return rows;
}

/**
 * Imports `file` into `projectId` in one transaction: every line is stored, or none (an invalid
 * line throws `ImportFileError`; an id already stored, `StoreConflictError`). Returns the count.
 */
export async function importConversationFile(store: ConversationStore, file: string, projectId: string): Promise<number> {
  const rows = await readConversationFile(file, projectId);
  return rows.length === 0 ? 0 : store.importConversations(rows);
}
