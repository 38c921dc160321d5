// Rate-limit quotas for benchmarks. All of a benchmark's load comes from one client address,
// which the per-user quota (5,000 requests an hour) would turn into 429s within seconds.
import { writeFileSync } from 'node:fs';
import { DEFAULT_RUNTIME_CONFIG } from '../src/config/index.js';

type Quotas = typeof DEFAULT_RUNTIME_CONFIG.rateLimits.quotas;

/** The most the runtime config allows for a quota (schemas/runtime-config.schema.json). */
const MAX_QUOTA = 100_000_000;

/** Every hourly quota at its maximum: no run reaches it, and every request is still counted. */
export function benchQuotas(): Quotas {
  return Object.fromEntries(Object.keys(DEFAULT_RUNTIME_CONFIG.rateLimits.quotas).map((quota) => [quota, MAX_QUOTA])) as Quotas;
}

/** Writes a runtime config holding only those quotas to `file`, for `docsite serve --config` or as a site's docsite.config.json. */
export function writeBenchRuntimeConfig(file: string): string {
  writeFileSync(file, `${JSON.stringify({ rateLimits: benchQuotas() }, null, 2)}\n`);
  return file;
}
