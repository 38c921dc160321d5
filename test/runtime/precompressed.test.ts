// Files served as they are go as the brotli or gzip copy the build made, negotiated per request, with
// their own validators; pages, which are put together per request, are still compressed on the fly.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_COMPRESSED_BYTES, precompressedPath, type LoadedBundle } from '../../src/bundle/index.js';
import { exampleBundle, startRuntime, type TestRuntime } from '../helpers/runtime.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

function send(base: string, path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    request({ host: hostname, port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const CSS = '_docsite/docsite.css';
const CHROME = 'gzip, deflate, br, zstd';

let bundle: LoadedBundle;
let runtime: TestRuntime;
beforeAll(async () => {
  bundle = await exampleBundle();
  runtime = await startRuntime();
});
afterAll(() => runtime?.close());

const fileOf = (path: string): Buffer => readFileSync(join(bundle.dir, path));

describe('files the build compressed', () => {
  it('are docsite’s stylesheet and scripts and the site’s own text files of 1 KB or more, each with a brotli and a gzip copy', () => {
    expect([...bundle.compressed]).toEqual(expect.arrayContaining([CSS, '_docsite/docsite.js', '_docsite/docsite-search.js', 'images/dashboard.svg']));
    for (const file of bundle.compressed) {
      const plain = fileOf(file);
      expect(plain.length).toBeGreaterThanOrEqual(MIN_COMPRESSED_BYTES);
      expect(brotliDecompressSync(fileOf(precompressedPath(file, 'br'))).equals(plain)).toBe(true);
      expect(gunzipSync(fileOf(precompressedPath(file, 'gzip'))).equals(plain)).toBe(true);
    }
    // favicon.svg (288 bytes) goes as it is.
    expect(bundle.compressed.has('favicon.svg')).toBe(false);
  });

  it('go as the brotli copy to a browser that takes brotli: smaller than on-the-fly brotli, with its length and the file’s type', async () => {
    const answer = await send(runtime.url, `/${CSS}`, { 'Accept-Encoding': CHROME });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/css/);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
    expect(answer.bytes.equals(fileOf(precompressedPath(CSS, 'br')))).toBe(true);
    const onTheFly = brotliCompressSync(fileOf(CSS), { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(answer.bytes.length).toBeLessThan(onTheFly.length);
  });

  it('go as the gzip copy to a client that takes only gzip, and as they are to one that takes neither', async () => {
    const gzip = await send(runtime.url, `/${CSS}`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.bytes.length);
    expect(gunzipSync(gzip.bytes).equals(fileOf(CSS))).toBe(true);
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await send(runtime.url, `/${CSS}`, acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
      expect(plain.bytes.equals(fileOf(CSS))).toBe(true);
      expect(Number(plain.headers['content-length'])).toBe(plain.bytes.length);
    }
    // Weights count: gzip preferred outright wins over brotli.
    expect((await send(runtime.url, `/${CSS}`, { 'Accept-Encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('have an ETag per encoding, and answer a conditional request with 304 for the encoding it names', async () => {
    const br = await send(runtime.url, `/${CSS}`, { 'Accept-Encoding': 'br' });
    const gzip = await send(runtime.url, `/${CSS}`, { 'Accept-Encoding': 'gzip' });
    const plain = await send(runtime.url, `/${CSS}`, {});
    const tags = [br, gzip, plain].map((answer) => answer.headers.etag as string);
    expect(tags.every(Boolean)).toBe(true);
    expect(new Set(tags).size).toBe(3);
    expect(br.headers['last-modified']).toBeTruthy();
    const revalidated = await send(runtime.url, `/${CSS}`, { 'Accept-Encoding': 'br', 'If-None-Match': tags[0]! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);
    // The gzip copy's tag does not vouch for the brotli copy.
    expect((await send(runtime.url, `/${CSS}`, { 'Accept-Encoding': 'br', 'If-None-Match': tags[1]! })).status).toBe(200);
  });

  it('answer HEAD with the headers of the copy GET would send', async () => {
    const head = await send(runtime.url, `/${CSS}`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(fileOf(precompressedPath(CSS, 'br')).length);
    expect(head.bytes.length).toBe(0);
  });

  it('send a byte range of the file as it is, never compressed', async () => {
    const part = await send(runtime.url, `/${CSS}`, { 'Accept-Encoding': CHROME, Range: 'bytes=1000-5999' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 1000-5999/${fileOf(CSS).length}`);
    expect(part.bytes.equals(fileOf(CSS).subarray(1000, 6000))).toBe(true);
  });

  it('are never served by the path of their copies', async () => {
    expect((await send(runtime.url, `/${precompressedPath(CSS, 'br')}`, {})).status).toBe(404);
  });
});

describe('pages, made per request', () => {
  it('are compressed on the fly, with what the request added', async () => {
    let served = 0;
    const rewriting = await startRuntime({ transformHtml: (html) => html.replace('</body>', `<!--response ${++served}--></body>`) });
    try {
      const first = await send(rewriting.url, '/quickstart', { 'Accept-Encoding': CHROME });
      const second = await send(rewriting.url, '/quickstart', { 'Accept-Encoding': CHROME });
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers.vary).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(first.bytes).toString('utf8')).toContain('<!--response 1--></body>');
      expect(brotliDecompressSync(second.bytes).toString('utf8')).toContain('<!--response 2--></body>');
    } finally {
      await rewriting.close();
    }
  });

  it('carry an ETag and answer a conditional request with 304; a small answer goes uncompressed', async () => {
    const page = await send(runtime.url, '/quickstart', { 'Accept-Encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    const again = await send(runtime.url, '/quickstart', { 'Accept-Encoding': 'gzip', 'If-None-Match': page.headers.etag as string });
    expect(again.status).toBe(304);
    const small = await send(runtime.url, '/no-such-page', { Accept: 'text/plain', 'Accept-Encoding': 'br' });
    expect(small.headers['content-type']).toMatch(/^text\/plain/);
    expect(small.bytes.length).toBeLessThan(MIN_COMPRESSED_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
