// Sends a file of the bundle as it is, once the bundle folder has vouched that it is a regular file
// inside it: as the build compressed it (brotli or gzip) when the reader takes that encoding.
import { extname } from 'node:path';
import type { Response } from 'express';
import { PRECOMPRESSED_ENCODINGS, precompressedPath, type LoadedBundle, type PrecompressedEncoding } from '../bundle/index.js';
import { preferredEncoding } from './accept-encoding.js';

/**
 * Sends `file` (bundle-relative) by its real path, as the bundle folder resolves it: a symbolic
 * link planted in the bundle that leads out of it, a FIFO, or a missing file calls `fail` instead,
 * as does an error while sending. `headers` go with it. Dotfiles are the caller's to refuse (the real path may pass
 * through a dot-folder such as ~/.cache, which says nothing about the file).
 *
 * A file the build compressed (LoadedBundle.compressed) goes as its brotli or gzip copy to a
 * reader who takes one (`Vary: Accept-Encoding`), with its own length and validators: `send`
 * makes the ETag from the copy's size and time, so each encoding has its own, and answers a
 * conditional request with 304 as for any file. A request for a byte range gets ranges of the
 * file as it is.
 */
export function sendBundleFile(
  res: Response,
  bundle: LoadedBundle,
  file: string,
  headers: Readonly<Record<string, string>>,
  fail: (error: unknown) => void,
): void {
  let real: string;
  try {
    real = bundle.folder.file(file).real;
  } catch (error) {
    fail(error);
    return;
  }
  const copy = bundle.compressed.has(file) ? compressedCopy(res, bundle, file) : undefined;
  if (copy) {
    real = copy.real;
    // The type of the file, not of its copy (`send` keeps a type already set); the middleware leaves an encoded body alone.
    if (!res.get('Content-Type')) res.type(extname(file));
    res.set('Content-Encoding', copy.encoding);
  }
  res.sendFile(real, { dotfiles: 'allow', headers }, (error) => {
    if (!error) return;
    // What is sent instead (a 404 page) is not the copy.
    if (!res.headersSent) res.removeHeader('Content-Encoding');
    fail(error);
  });
}

/**
 * The compressed copy of `file` this request takes, and where it really is; none for a range
 * request, whose ranges are of the file as it is, nor when the copy is not there (the file goes as it is).
 */
function compressedCopy(res: Response, bundle: LoadedBundle, file: string): { encoding: PrecompressedEncoding; real: string } | undefined {
  res.vary('Accept-Encoding');
  const { headers } = res.req;
  const encoding = headers.range === undefined ? preferredEncoding(headers['accept-encoding'], PRECOMPRESSED_ENCODINGS) : undefined;
  if (!encoding) return undefined;
  try {
    return { encoding, real: bundle.folder.file(precompressedPath(file, encoding)).real };
  } catch {
    return undefined;
  }
}
