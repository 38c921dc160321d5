// Brotli and gzip copies, made at build, of the bundle files `serve` sends as they are (docsite's
// stylesheet and scripts, KaTeX and Mermaid, the docs folder's own text files): compressed once
// at a quality too slow for each request, on libuv's threads while the build goes on.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { BUNDLE_FOLDER } from '../site/index.js';
import type { OutputWriter } from './output-writer.js';

/** The encodings made at build, in the order `serve` prefers them when a reader takes both. */
export const PRECOMPRESSED_ENCODINGS = ['br', 'gzip'] as const;
export type PrecompressedEncoding = (typeof PRECOMPRESSED_ENCODINGS)[number];

/** Where the copies go: under docsite's own folder, which is never served as it is, so no copy shadows or is taken for a file of the site. */
const COMPRESSED_FOLDER = `${BUNDLE_FOLDER}compressed/`;
const SUFFIX: Record<PrecompressedEncoding, string> = { br: '.br', gzip: '.gz' };

/** Smaller files go as they are: compression saves less than a packet's worth and costs a header and a step to decode. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Text types by extension: what a browser or an agent fetches and compression shrinks (images other than SVG and fonts are compressed already). */
const TEXT_EXTENSIONS = new Set(['.css', '.js', '.mjs', '.json', '.svg', '.txt', '.md', '.xml', '.html', '.htm', '.csv', '.yaml', '.yml']);

/**
 * Brotli's quality: 11, the best, up to 64 KB (docsite.css and docsite.js: 6.1 KB and 4.6 KB
 * where 5, on-the-fly quality, gives 7.0 and 5.1); above that 9, as 11 costs about 2.5 s of CPU
 * a megabyte (Mermaid's 3.5 MB took 8 s) for 8% fewer bytes than 9, which takes 0.4 s.
 */
function brotliQuality(bytes: number): number {
  return bytes <= 64 * 1024 ? 11 : 9;
}

const compressors: Record<PrecompressedEncoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) =>
    promisify(brotliCompress)(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(bytes.length), [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 9 }),
};

/** The bundle path of `file`'s copy in `encoding`. */
export function precompressedPath(file: string, encoding: PrecompressedEncoding): string {
  return `${COMPRESSED_FOLDER}${file}${SUFFIX[encoding]}`;
}

/** Whether a bundle file of `bytes` bytes at `file` gets compressed copies: a text type, 1 KB or more. */
export function isPrecompressed(file: string, bytes: number): boolean {
  return bytes >= MIN_COMPRESSED_BYTES && TEXT_EXTENSIONS.has(posix.extname(file).toLowerCase());
}

/**
 * Collects the files to compress as the bundle is laid out and compresses them off this thread.
 * A copy is keyed by what its file was made from (its content's hash, or a copied file's stamp),
 * so a rebuild keeps the copies of unchanged files without reading or compressing them.
 */
export class Precompressor {
  private readonly files: string[] = [];
  private readonly pending: Promise<void>[] = [];

  constructor(private readonly out: OutputWriter) {}

  /** Compresses `content`, which the build adds at `file`. */
  add(file: string, content: string | Buffer): void {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    if (!isPrecompressed(file, bytes.length)) return;
    this.schedule(file, createHash('sha256').update(bytes).digest('hex'), async () => bytes);
  }

  /** Compresses the file at `from` of `bytes` bytes, which the build copies to `file` with `stamp` (see OutputWriter.copy). */
  addCopy(file: string, from: string, stamp: string, bytes: number): void {
    if (!isPrecompressed(file, bytes)) return;
    this.schedule(file, stamp, () => readFile(from));
  }

  /** The bundle paths of the files that have copies, sorted: known as soon as they are added, before their copies are made. */
  compressedFiles(): string[] {
    return [...this.files].sort();
  }

  /** Settles once every copy is written. */
  async done(): Promise<void> {
    await Promise.all(this.pending);
  }

  private schedule(file: string, key: string, read: () => Promise<Buffer>): void {
    this.files.push(file);
    const missing = PRECOMPRESSED_ENCODINGS.filter((encoding) => !this.out.keep(precompressedPath(file, encoding), key));
    if (missing.length === 0) return;
    const written = read().then((bytes) =>
      Promise.all(missing.map(async (encoding) => this.out.add(precompressedPath(file, encoding), await compressors[encoding](bytes), { key }))),
    );
    // Awaited in `done`; a failure before then (an unreadable file) must not also surface as unhandled.
    written.catch(() => undefined);
    this.pending.push(written.then(() => undefined));
  }
}
