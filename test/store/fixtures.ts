// Builders for conversations and a helper that reads every page of a listing.
import { ulid } from 'ulid';
import type { Conversation, ImportedConversation, ListConversationsOptions, NewConversation, Store } from '../../src/store/index.js';

let counter = 0;

/** A conversation as the assistant would record it. */
export function newConversation(projectId: string, overrides: Partial<NewConversation> = {}): NewConversation {
  counter += 1;
  return {
    projectId,
    query: `How do I deploy? #${counter}`,
    response: `Run docsite build, then upload dist. #${counter}`,
    sources: [{ title: 'Deploy', url: 'https://docs.example.com/deploy' }],
    queryCategory: counter % 3 === 0 ? null : 'Guides',
    pageUrl: counter % 2 === 0 ? null : 'https://docs.example.com/start',
    resolutionStatus: counter % 5 === 0 ? 'unanswered' : 'answered',
    ...overrides,
  };
}

/** A conversation from another system at `timestamp` (epoch ms), with an id unrelated to that time. */
export function importedConversation(projectId: string, timestamp: number, overrides: Partial<ImportedConversation> = {}): ImportedConversation {
  return {
    ...newConversation(projectId),
    id: ulid(1_000_000_000_000 + Math.floor(Math.random() * 1e12)),
    timestamp: new Date(timestamp).toISOString(),
    ...overrides,
  };
}

/** Sorts newest first, ties by id descending: the order the store promises. */
export function newestFirst<T extends { id: string; timestamp: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** Follows `nextCursor` to the end; checks the page invariants on the way. */
export async function allPages(
  store: Store,
  options: Omit<ListConversationsOptions, 'cursor'>,
  between?: (page: Conversation[]) => Promise<void>,
): Promise<{ rows: Conversation[]; pages: number }> {
  const rows: Conversation[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await store.listConversations({ ...options, cursor });
    pages += 1;
    rows.push(...page.conversations);
    if (page.hasMore !== (page.nextCursor !== null)) throw new Error('hasMore and nextCursor disagree');
    if (page.hasMore && page.conversations.length !== options.limit) throw new Error('a page before the last is not full');
    if (!page.nextCursor) return { rows, pages };
    if (page.nextCursor !== page.conversations.at(-1)?.id) throw new Error('nextCursor is not the id of the last row');
    await between?.(page.conversations);
    cursor = page.nextCursor;
  }
}
