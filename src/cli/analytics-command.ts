// `docsite analytics import|export`: conversations in and out of the state, as JSON Lines or CSV.
import { InvalidArgumentError, Option, type Command } from 'commander';
import { exportConversations, ImportFileError, importConversationFile, parseConversationQuery, QueryError, type ExportFormat } from '../analytics/index.js';
import { UsageError } from '../errors.js';
import { DAY_MS, StoreConflictError, StoreInputError, type SearchCount, type ToolDayCount } from '../store/index.js';
import { exportTo } from './export-output.js';
import { plural } from './format-diagnostics.js';
import { parseProjectId, projectIdFor } from './project-option.js';
import { addStateOptions, withStore, type StateFlags } from './state-options.js';
import { formatTable } from './table.js';

interface ImportFlags extends StateFlags {
  project?: string;
}

interface SearchesFlags extends StateFlags {
  project?: string;
  from?: string;
  to?: string;
  limit: number;
  json?: boolean;
}

/** Days the search report covers when --from is not given, today included. */
const DEFAULT_REPORT_DAYS = 30;

/** A --from/--to day, `YYYY-MM-DD` (the store checks the range). */
function parseDay(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new InvalidArgumentError('expected a date YYYY-MM-DD (UTC).');
  return value;
}

/** Parses --limit: 1 to 1000. */
function parseTopLimit(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new InvalidArgumentError('expected a whole number from 1 to 1000.');
  return n;
}

/** The search report as text: calls per tool per day, then the top searches and those that found nothing. */
function describeSearches(report: { tools: ToolDayCount[]; top: SearchCount[]; noResults: SearchCount[] }): string {
  const tools = report.tools.length
    ? formatTable([['DAY', 'TOOL', 'CALLS', 'NO RESULTS'], ...report.tools.map((row) => [row.day, row.tool, String(row.calls), String(row.noResults)])])
    : 'No calls.';
  const searches = (rows: SearchCount[]): string =>
    rows.length ? formatTable([['SEARCHES', 'NO RESULTS', 'TEXT'], ...rows.map((row) => [String(row.searches), String(row.noResults), row.query])]) : 'None.';
  return `Calls per tool and day:\n${tools}\n\nTop searches:\n${searches(report.top)}\n\nSearches that found nothing:\n${searches(report.noResults)}\n`;
}

interface ExportFlags extends StateFlags {
  project?: string;
  from?: string;
  to?: string;
  format: ExportFormat;
  out?: string;
}

/** The --from/--to range, checked by the endpoint's parameter code. */
function rangeOf(flags: ExportFlags): { dateFrom?: Date | undefined; dateTo?: Date | undefined } {
  const params = new URLSearchParams();
  if (flags.from !== undefined) params.set('dateFrom', flags.from);
  if (flags.to !== undefined) params.set('dateTo', flags.to);
  try {
    const { dateFrom, dateTo } = parseConversationQuery(params, { dateFrom: '--from', dateTo: '--to' });
    return { dateFrom, dateTo };
  } catch (error) {
    if (error instanceof QueryError) throw new UsageError(error.problems.join(' '));
    throw error;
  }
}

/** Adds `docsite analytics import|export`. */
export function registerAnalytics(program: Command): void {
  const analytics = program
    .command('analytics')
    .description('import and export assistant conversations (the data of GET /v1/analytics/{projectId}/assistant), and the search report');

  addStateOptions(
    analytics
      .command('import')
      .description('load conversations from a JSON Lines file (schemas/conversation-import.schema.json), all or none: any invalid line stops the import')
      .argument('<file>', 'JSON Lines file, one conversation per line')
      .argument('[dir]', 'docs folder (its state is <dir>/.docsite, its project the docs.json name)', '.')
      .option('--project <id>', "project to import into (default: the docs folder's)", parseProjectId),
  ).action(async (file: string, dir: string, flags: ImportFlags) => {
    const projectId = projectIdFor(dir, flags.project);
    try {
      const count = await withStore(dir, flags, (store) => importConversationFile(store, file, projectId));
      process.stdout.write(`Imported ${plural(count, 'conversation')} into project ${projectId}.\n`);
    } catch (error) {
      if (error instanceof ImportFileError) {
        const more = error.total - error.problems.length;
        process.stderr.write(
          `${error.problems.join('\n')}\n${more > 0 ? `…and ${plural(more, 'more problem')}.\n` : ''}Nothing was imported: ${plural(error.total, 'invalid line')}.\n`,
        );
      } else if (error instanceof StoreConflictError) {
        process.stderr.write(
          `docsite: ${error.message}.\n  hint: export the project first to see which ids it holds, or drop the ids from the file to import them as new conversations.\n`,
        );
      } else throw error;
      process.exitCode = 1;
    }
  });

  addStateOptions(
    analytics
      .command('searches')
      .description('what readers and agents searched for, which searches found nothing, and search box and MCP tool calls per day')
      .argument('[dir]', 'docs folder (its state is <dir>/.docsite, its project the docs.json name)', '.')
      .option('--from <day>', `first day included, YYYY-MM-DD UTC (default: ${DEFAULT_REPORT_DAYS - 1} days before --to)`, parseDay)
      .option('--to <day>', 'last day included, YYYY-MM-DD UTC (default: today)', parseDay)
      .option('--limit <n>', 'rows of each top list, 1 to 1000', parseTopLimit, 20)
      .option('--project <id>', "project (default: the docs folder's)", parseProjectId)
      .option('--json', 'print {"tools": [{day, tool, calls, noResults}], "top": [{query, searches, noResults}], "noResults": [...]}'),
  ).action(async (dir: string, flags: SearchesFlags) => {
    const to = flags.to ?? new Date().toISOString().slice(0, 10);
    const from = flags.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_REPORT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    const range = { projectId: projectIdFor(dir, flags.project), from, to };
    const report = await withStore(dir, flags, async (store) => ({
      tools: await store.toolCallsPerDay(range),
      top: await store.topSearches({ ...range, limit: flags.limit }),
      noResults: await store.topSearches({ ...range, limit: flags.limit, noResults: true }),
    })).catch((error: unknown) => {
      if (error instanceof StoreInputError) throw new UsageError(`${error.message}.`);
      throw error;
    });
    process.stdout.write(flags.json ? `${JSON.stringify(report)}\n` : describeSearches(report));
  });

  addStateOptions(
    analytics
      .command('export')
      .description('write the conversations of a date range, newest first, as JSON Lines or CSV')
      .argument('[dir]', 'docs folder (its state is <dir>/.docsite, its project the docs.json name)', '.')
      .option('--from <date>', 'first instant included: an ISO 8601 date or date-time (UTC unless it has an offset)')
      .option('--to <date>', 'instant excluded: conversations before it are written (same formats)')
      .addOption(
        new Option('--format <format>', 'jsonl (one conversation per line) or csv (a header row; sources as JSON)').choices(['jsonl', 'csv']).default('jsonl'),
      )
      .option('--project <id>', "project to export (default: the docs folder's)", parseProjectId)
      .option('--out <file>', 'write to this file instead of standard output'),
  ).action(async (dir: string, flags: ExportFlags) => {
    const range = rangeOf(flags);
    const projectId = projectIdFor(dir, flags.project);
    const count = await withStore(dir, flags, (store) =>
      exportTo(flags.out, (write) => exportConversations(store, { projectId, range, format: flags.format, write })),
    );
    process.stderr.write(`Exported ${plural(count, 'conversation')} of project ${projectId}${flags.out ? ` to ${flags.out}` : ''}.\n`);
  });
}
