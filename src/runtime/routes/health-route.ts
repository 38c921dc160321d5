// `/healthz` (the process is alive) and `/readyz` (bundle loaded, state reachable).
import { Router } from 'express';

export interface HealthRouteOptions {
  /** Checks each dependency; resolves to its problem, or undefined when it is fine. */
  checks: Record<string, () => Promise<string | undefined>>;
}

export function healthRoute({ checks }: HealthRouteOptions): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await check().catch((error: Error) => error.message)] as const));
    const failing = results.filter(([, problem]) => problem !== undefined);
    res.status(failing.length ? 503 : 200).json({ status: failing.length ? 'unavailable' : 'ready', checks: Object.fromEntries(results.map(([name, problem]) => [name, problem ?? 'ok'])) });
  });
  return router;
}
