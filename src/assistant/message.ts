// The body of `POST /v1/assistant/{projectId}/message`, checked: a question and where the visitor is.

/** Longest question accepted, in characters. */
export const MAX_QUERY_LENGTH = 2000;
/** Longest `pageUrl` or `pagePath` accepted. */
export const MAX_PAGE_LENGTH = 2048;

/** A checked message. */
export interface AssistantMessage {
  /** The question, trimmed. */
  query: string;
  /** Full URL of the page the visitor is on. */
  pageUrl?: string;
  /** Or its path on this site, `/guides/webhooks`. */
  pagePath?: string;
}

const FIELDS = new Set(['query', 'pageUrl', 'pagePath']);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The message in `body`, or every problem with it (one sentence each). */
export function parseAssistantMessage(body: unknown): { message: AssistantMessage } | { problems: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { problems: ['The body must be a JSON object: {"query": "…", "pagePath": "/…"}.'] };
  const fields = body as Record<string, unknown>;
  const problems = Object.keys(fields)
    .filter((key) => !FIELDS.has(key))
    .map((key) => `Unknown field ${JSON.stringify(key)}; the fields are query, pageUrl, pagePath.`);
  const { query, pageUrl, pagePath } = fields;
  if (typeof query !== 'string' || query.trim() === '') problems.push('query must be a non-empty string.');
  else if (query.length > MAX_QUERY_LENGTH) problems.push(`query must be at most ${MAX_QUERY_LENGTH} characters.`);
  // PostgreSQL text cannot hold NUL: refused here, on every engine alike, rather than failing the write.
  else if (query.includes('\u0000')) problems.push('query must not contain NUL characters.');
  if (pageUrl !== undefined && (typeof pageUrl !== 'string' || pageUrl.length > MAX_PAGE_LENGTH || !isHttpUrl(pageUrl))) {
    problems.push(`pageUrl must be a full http(s) URL of at most ${MAX_PAGE_LENGTH} characters.`);
  }
  if (pagePath !== undefined && (typeof pagePath !== 'string' || pagePath.length > MAX_PAGE_LENGTH || !/^\/(?!\/)[^\s\u0000-\u001f]*$/.test(pagePath))) {
    problems.push(`pagePath must be a path on this site starting with "/", without spaces, of at most ${MAX_PAGE_LENGTH} characters.`);
  }
  if (pageUrl !== undefined && pagePath !== undefined) problems.push('Give pageUrl or pagePath, not both.');
  if (problems.length > 0) return { problems };
  return {
    message: {
      query: (query as string).trim(),
      ...(pageUrl !== undefined ? { pageUrl: pageUrl as string } : {}),
      ...(pagePath !== undefined ? { pagePath: pagePath as string } : {}),
    },
  };
}
