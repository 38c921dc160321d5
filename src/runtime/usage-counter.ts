// Searches and MCP tool calls counted in memory and added to the store in batches: never a write per request.
import { DAY_MS, normaliseQuestion, type CountedTool, type Store, type UsageBatch } from '../store/index.js';

/** How often the counts are added to the store. */
export const USAGE_FLUSH_MS = 5000;
/** Most distinct search texts held per batch: beyond, searches are still counted, their text is not kept. */
const MAX_QUERIES = 10_000;

/** One counted call. */
export interface CountedCall {
  tool: CountedTool;
  /** For searches: the text (undefined when it may not be kept) and how many results it found. */
  search?: { query: string | undefined; found: number } | undefined;
}

export interface UsageCounter {
  /** Counts a call in memory. */
  record(call: CountedCall): void;
  /** Adds what was counted to the store now (calls run one after another); a failed batch is kept for the next. */
  flush(): Promise<void>;
  /** Stops the timer and adds what is left. */
  close(): Promise<void>;
}

export interface UsageCounterOptions {
  store: Pick<Store, 'addUsageCounts'>;
  projectId: string;
  /** Default `USAGE_FLUSH_MS`. */
  flushMs?: number;
  /** Source of "now" in milliseconds (the day a call is counted on); default `Date.now`. */
  now?: () => number;
  /** Told when a batch cannot be added (it is retried with the next). */
  onFlushError?(error: unknown): void;
}

type ToolCount = UsageBatch['tools'][number];
type QueryCount = UsageBatch['queries'][number];

export function usageCounter(options: UsageCounterOptions): UsageCounter {
  const { store, projectId, now = Date.now } = options;
  let tools = new Map<string, ToolCount>();
  let queries = new Map<string, QueryCount>();
  let flushing: Promise<void> = Promise.resolve();

  const addTool = (row: ToolCount): void => {
    const key = `${row.day}\t${row.tool}`;
    const held = tools.get(key);
    if (held) {
      held.calls += row.calls;
      held.noResults += row.noResults;
    } else tools.set(key, { ...row });
  };
  const addQuery = (row: QueryCount): void => {
    const key = `${row.day}\t${row.query}`;
    const held = queries.get(key);
    if (held) {
      held.searches += row.searches;
      held.noResults += row.noResults;
    } else if (queries.size < MAX_QUERIES) queries.set(key, { ...row });
  };

  const flushNow = async (): Promise<void> => {
    if (tools.size === 0 && queries.size === 0) return;
    const batch: UsageBatch = { projectId, tools: [...tools.values()], queries: [...queries.values()] };
    tools = new Map();
    queries = new Map();
    try {
      await store.addUsageCounts(batch);
    } catch (error) {
      // Counted again with the next batch, on top of what arrives meanwhile.
      for (const row of batch.tools) addTool(row);
      for (const row of batch.queries) addQuery(row);
      options.onFlushError?.(error);
    }
  };
  const flush = (): Promise<void> => {
    flushing = flushing.then(flushNow);
    return flushing;
  };
  const timer = setInterval(() => void flush(), options.flushMs ?? USAGE_FLUSH_MS);
  timer.unref();

  return {
    record({ tool, search }) {
      const day = Math.floor(now() / DAY_MS);
      const noResults = search?.found === 0 ? 1 : 0;
      addTool({ day, tool, calls: 1, noResults });
      const text = search?.query === undefined ? '' : normaliseQuestion(search.query);
      if (text) addQuery({ day, query: text, searches: 1, noResults });
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
