// An open-loop load at a steady rate: one request every 1/rate seconds, whatever the answers do,
// each timed from when it was sent. autocannon's rate limit sends each connection's quota for the
// second in a burst at its start, which measures queueing behind the burst rather than service time.
import { Agent, request } from 'node:http';

export interface PacedResult {
  calls: number;
  seconds: number;
  rate: number;
  /** Milliseconds, with sub-millisecond resolution. */
  p50: number;
  p99: number;
  max: number;
  /** Transport errors, non-2xx answers, and answers `isError` flags. */
  errors: number;
  /** What the first few errors were. */
  errorSamples: string[];
}

export interface PacedOptions {
  port: number;
  /** The path of every request, or paths sent in turn. */
  path: string | readonly string[];
  /** POST (the default) sends `bodies`; GET sends none. */
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Request bodies of a POST load, sent in turn. */
  bodies?: string[];
  rate: number;
  seconds: number;
  /** Whether an answer body counts as an error (checked after a 2xx status). */
  isError?(body: string): boolean;
}

export async function pacedLoad(options: PacedOptions): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let errors = 0;
  const errorSamples: string[] = [];
  const fail = (what: string): void => {
    errors++;
    if (errorSamples.length < 3) errorSamples.push(what);
  };
  const pending: Promise<void>[] = [];
  const interval = 1000 / options.rate;
  const start = performance.now();
  const total = Math.round(options.rate * options.seconds);
  for (let i = 0; i < total; i++) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const method = options.method ?? 'POST';
    const body = method === 'POST' ? options.bodies![i % options.bodies!.length]! : undefined;
    const path = typeof options.path === 'string' ? options.path : options.path[i % options.path.length]!;
    const sent = performance.now();
    pending.push(
      new Promise<void>((resolve) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: options.port,
            path,
            method,
            agent,
            headers: body === undefined ? options.headers : { ...options.headers, 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => {
              latencies.push(performance.now() - sent);
              if (res.statusCode! < 200 || res.statusCode! >= 300 || options.isError?.(text)) fail(`${res.statusCode}: ${text.slice(0, 160)}`);
              resolve();
            });
          },
        );
        req.on('error', (error) => {
          fail(`${error.message} after ${(performance.now() - sent).toFixed(0)} ms`);
          resolve();
        });
        req.end(body);
      }),
    );
  }
  await Promise.all(pending);
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { calls: latencies.length, seconds, rate: latencies.length / seconds, p50: at(0.5), p99: at(0.99), max: at(1), errors, errorSamples };
}
