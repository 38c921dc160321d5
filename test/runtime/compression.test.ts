// Pages and the text they load go compressed, brotli or gzip as the client accepts, with validators
// for caching; event streams go as they are.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompressedType } from '../../src/runtime/compression.js';
import { exampleBundle, startRuntime, type TestRuntime } from '../helpers/runtime.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

function get(base: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    request({ host: hostname, port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startRuntime({ bundle: await exampleBundle() });
});
afterAll(() => runtime?.close());

describe('compressed responses', () => {
  it.each(['/quickstart', '/quickstart.md', '/llms.txt', '/_docsite/docsite.css', '/_docsite/docsite.js', '/sitemap.xml'])(
    '%s: brotli when accepted, gzip else, the same bytes as uncompressed',
    async (path) => {
      const plain = await get(runtime.url, path, {});
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await get(runtime.url, path, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
      expect(br.bytes.length).toBeLessThan(plain.bytes.length * 0.6);
      const gzip = await get(runtime.url, path, { 'Accept-Encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
    },
  );

  it('keeps validators: a page revalidated with its ETag is 304 with no body', async () => {
    const first = await get(runtime.url, '/quickstart', { 'Accept-Encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(runtime.url, '/quickstart', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('leaves event streams and images as they are', () => {
    expect(isCompressedType('text/event-stream')).toBe(false);
    expect(isCompressedType('image/png')).toBe(false);
    expect(isCompressedType('application/json; charset=utf-8')).toBe(true);
    expect(isCompressedType('text/html; charset=utf-8')).toBe(true);
  });
});
