// The roles a build worker (page-worker.ts) can be started in, besides building pages; a module of its own so that naming one loads nothing.
export const WORKER_ROLES = {
  searchIndex: 'search-index',
} as const;
