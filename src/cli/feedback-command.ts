// `docsite feedback list|status|export`: page feedback from agents and readers, triaged by status, as the dashboard shows it.
import { Option, type Command } from 'commander';
import { exportFeedback, parseFeedbackQuery, QueryError, type ExportFormat, type FeedbackQuery } from '../analytics/index.js';
import { UsageError } from '../errors.js';
import type { Feedback, FeedbackStatus } from '../store/index.js';
import { exportTo } from './export-output.js';
import { plural } from './format-diagnostics.js';
import { parseProjectId, projectIdFor } from './project-option.js';
import { addStateOptions, withStore, type StateFlags } from './state-options.js';
import { formatTable } from './table.js';

interface FilterFlags extends StateFlags {
  project?: string;
  from?: string;
  to?: string;
  status?: string;
  source?: string;
  page?: string;
}

interface ListFlags extends FilterFlags {
  limit?: string;
  cursor?: string;
  json?: boolean;
}

interface ExportFlags extends FilterFlags {
  format: ExportFormat;
  out?: string;
}

const DIR_ARGUMENT = ['[dir]', 'docs folder (its state is <dir>/.docsite, its project the docs.json name)', '.'] as const;
const STATUSES: readonly FeedbackStatus[] = ['open', 'resolved', 'dismissed'];
/** Who the store records as having changed a status from the command line. */
const CHANGED_BY = 'cli';
/** Longest comment shown in a table row. */
const COMMENT_CHARS = 60;

/** The filters as options, named like the endpoint's parameters where they can be. */
function addFilterOptions(command: Command): Command {
  return addStateOptions(command)
    .option('--from <date>', 'first instant included: an ISO 8601 date or date-time (UTC unless it has an offset)')
    .option('--to <date>', 'instant excluded (same formats)')
    .option('--status <status>', 'only open, resolved or dismissed feedback')
    .option('--source <source>', 'only agent (MCP) or widget (readers) feedback')
    .option('--page <path>', 'only feedback about this page (URL path, e.g. /quickstart)')
    .option('--project <id>', "project (default: the docs folder's)", parseProjectId);
}

/** The flags, checked by the feedback endpoint's parameter code. */
function queryOf(flags: ListFlags): FeedbackQuery & { path?: string | undefined } {
  const params = new URLSearchParams();
  const named = { dateFrom: flags.from, dateTo: flags.to, status: flags.status, source: flags.source, limit: flags.limit, cursor: flags.cursor };
  for (const [name, value] of Object.entries(named)) if (value !== undefined) params.set(name, value);
  try {
    const labels = { dateFrom: '--from', dateTo: '--to', status: '--status', source: '--source', limit: '--limit', cursor: '--cursor' };
    return { ...parseFeedbackQuery(params, labels), ...(flags.page !== undefined ? { path: flags.page } : {}) };
  } catch (error) {
    if (error instanceof QueryError) throw new UsageError(error.problems.join(' '));
    throw error;
  }
}

function describe(rows: readonly Feedback[]): string {
  const comment = (text: string): string => (text.length > COMMENT_CHARS ? `${text.slice(0, COMMENT_CHARS - 1)}…` : text).replace(/\s+/g, ' ');
  const answer = (row: Feedback): string => (row.source === 'agent' ? 'report' : row.helpful ? 'yes' : 'no');
  const table = [['ID', 'CREATED', 'SOURCE', 'ANSWER', 'STATUS', 'PAGE', 'COMMENT']];
  for (const row of rows) table.push([row.id, row.createdAt, row.source, answer(row), row.status, row.path, comment(row.comment)]);
  return `${formatTable(table)}\n`;
}

/** Adds `docsite feedback list|status|export`. */
export function registerFeedback(program: Command): void {
  const feedback = program
    .command('feedback')
    .description('page feedback from agents (MCP) and readers (the page widget): list it newest first, set its status, export it');

  addFilterOptions(
    feedback
      .command('list')
      .description('one page of feedback, newest first (the data of GET /v1/analytics/{projectId}/feedback)')
      .argument(...DIR_ARGUMENT)
      .option('--limit <n>', 'rows per page, 1 to 1000 (default 100)')
      .option('--cursor <id>', 'the next-page id the previous page printed')
      .option('--json', 'print the page as the endpoint answers it: {"feedback": [...], "nextCursor", "hasMore"}'),
  ).action(async (dir: string, flags: ListFlags) => {
    const query = queryOf(flags);
    const projectId = projectIdFor(dir, flags.project);
    const page = await withStore(dir, flags, (store) => store.listFeedback({ projectId, ...query }));
    if (flags.json) return void process.stdout.write(`${JSON.stringify(page)}\n`);
    if (page.feedback.length === 0) return void process.stdout.write('No feedback.\n');
    const more = page.nextCursor ? `More: --cursor ${page.nextCursor}\n` : '';
    process.stdout.write(`${describe(page.feedback)}${more}`);
  });

  addStateOptions(
    feedback
      .command('status')
      .description('set the status of a piece of feedback (recorded with who and when)')
      .argument('<id>', 'the feedback id, as listed')
      .argument('<status>', STATUSES.join(', '))
      .argument(...DIR_ARGUMENT)
      .option('--project <id>', "project (default: the docs folder's)", parseProjectId),
  ).action(async (id: string, status: string, dir: string, flags: StateFlags & { project?: string }) => {
    if (!STATUSES.includes(status as FeedbackStatus)) throw new UsageError(`The status must be one of ${STATUSES.join(', ')}, not "${status}".`);
    const projectId = projectIdFor(dir, flags.project);
    const changed = await withStore(dir, flags, (store) => store.setFeedbackStatus({ projectId, id, status: status as FeedbackStatus, changedBy: CHANGED_BY }));
    if (!changed) throw new UsageError(`There is no feedback ${id} in project ${projectId}.`, 'Run `docsite feedback list` to see the ids.');
    process.stdout.write(`Feedback ${id} is now ${status}.\n`);
  });

  addFilterOptions(
    feedback
      .command('export')
      .description('write the feedback asked for, newest first, with its status, as JSON Lines or CSV')
      .argument(...DIR_ARGUMENT)
      .addOption(new Option('--format <format>', 'jsonl (one piece of feedback per line) or csv (a header row)').choices(['jsonl', 'csv']).default('jsonl'))
      .option('--out <file>', 'write to this file instead of standard output'),
  ).action(async (dir: string, flags: ExportFlags) => {
    const { limit: _limit, cursor: _cursor, ...query } = queryOf(flags);
    const projectId = projectIdFor(dir, flags.project);
    const count = await withStore(dir, flags, (store) =>
      exportTo(flags.out, (write) => exportFeedback(store, { projectId, query, format: flags.format, write })),
    );
    process.stderr.write(`Exported ${plural(count, 'piece')} of feedback of project ${projectId}${flags.out ? ` to ${flags.out}` : ''}.\n`);
  });
}
