// Routers entered only for their own paths: express walks every layer of every router a request
// enters, allocating as it goes, and on the MCP endpoint that walk through the health, dashboard
// and REST routers was a third of what a call allocated.
import type { RequestHandler } from 'express';

/**
 * `handler`, run only for request paths starting with one of `prefixes` in any case (express
 * matches routes case-insensitively); any other request goes on at once.
 */
export function underPaths(prefixes: readonly string[], handler: RequestHandler): RequestHandler {
  const scope = new RegExp(`^(?:${prefixes.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'i');
  const scoped: RequestHandler = (req, res, next) => {
    if (scope.test(req.path)) return handler(req, res, next);
    next();
  };
  // A router's layers stay where code listing an app's routes looks for them (the check that no
  // page path is one the runtime answers itself walks them).
  return Object.assign(scoped, { stack: (handler as { stack?: unknown }).stack });
}
