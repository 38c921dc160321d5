// What one POST to an MCP endpoint consumes: a unit of the caller's per-user quota per JSON-RPC message, and a unit of the site's tool quota per search or filesystem call.
import type { Request, RequestHandler } from 'express';
import type { QuotaName } from '../config/index.js';
import type { Toolset } from '../mcp/index.js';
import { clientAddress, type QuotaCheck, type RateLimits } from './rate-limits.js';

/** The site quotas of an endpoint's tools: `search`/`filesystem` on /mcp, the `authed…` ones on /authed/mcp. */
export interface ToolQuotas {
  search: QuotaName;
  filesystem: QuotaName;
}

/** The messages of a JSON-RPC body: a batch's elements, or the one message. */
function messagesOf(body: unknown): unknown[] {
  return Array.isArray(body) ? body : [body];
}

/** The calls of rate-limited tools among `messages`, counted by quota. */
function toolCallsOf(messages: unknown[], toolset: Toolset, quotas: ToolQuotas): Map<QuotaName, number> {
  const counts = new Map<QuotaName, number>();
  for (const message of messages) {
    if (typeof message !== 'object' || message === null || !('id' in message)) continue;
    const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
    if (method !== 'tools/call' || typeof params?.name !== 'string') continue;
    const role = toolset.roleOf(params.name);
    if (role === 'search' || role === 'filesystem') counts.set(quotas[role], (counts.get(quotas[role]) ?? 0) + 1);
  }
  return counts;
}

/**
 * Middleware of an MCP endpoint (after the body is parsed): admits the request or throws the rate
 * limit error. A batch costs what its messages would cost sent one by one, so batching never
 * stretches a quota; the caller's own quota is checked first, so a caller over it spends nothing
 * of the site's, and a request refused by any quota gets back what the others took (`RateLimits.admit`).
 */
export function mcpLimit(rateLimits: RateLimits, toolset: Toolset, quotas: ToolQuotas, site: string): RequestHandler {
  return async (req: Request, res, next) => {
    const messages = messagesOf(req.body);
    const checks: QuotaCheck[] = [{ quota: 'mcpPerUser', subject: clientAddress(req), cost: Math.max(1, messages.length) }];
    for (const [quota, cost] of toolCallsOf(messages, toolset, quotas)) checks.push({ quota, subject: site, cost });
    await rateLimits.admit(res, checks);
    next();
  };
}
