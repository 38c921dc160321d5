// The owner's MCP switch, read per request: guards the routers that serve MCP and the one that says it is off.
import type { RequestHandler } from 'express';
import type { LiveSettings } from './live-settings.js';

/**
 * The first middleware of a router that must run only while the MCP switch is `on` (or only
 * while it is off, with `false`): otherwise the rest of the router is skipped. The switch is
 * read through `settings.current()`, so a change made through any instance applies within the
 * cache period.
 */
export function whileMcpIs(on: boolean, settings: LiveSettings): RequestHandler {
  return async (_req, _res, next) => next((await settings.current()).mcpEnabled === on ? undefined : 'router');
}
