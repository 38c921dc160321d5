// `/healthz` (the process is alive) and `/readyz` (bundle loaded, state reachable).
import { Router } from 'express';

/** A dependency's state: undefined (fine), a problem (not ready), or a degradation the instance serves through. */
export type CheckResult = string | { degraded: string } | undefined;

export interface HealthRouteOptions {
  /** Checks each dependency. */
  checks: Record<string, () => Promise<CheckResult>>;
}

export function healthRoute({ checks }: HealthRouteOptions): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => [name, await check().catch((error: Error) => error.message)] as const),
    );
    const failing = results.filter(([, result]) => typeof result === 'string');
    const shown = (result: CheckResult): string => (result === undefined ? 'ok' : typeof result === 'string' ? result : `degraded: ${result.degraded}`);
    res
      .status(failing.length ? 503 : 200)
      .json({ status: failing.length ? 'unavailable' : 'ready', checks: Object.fromEntries(results.map(([name, result]) => [name, shown(result)])) });
  });
  return router;
}
