// A page file's bytes as text: UTF-8 or a clear error, never silently replaced characters.
import { isUtf8 } from 'node:buffer';

/** A page file whose bytes are not UTF-8 (saved as Latin-1 or Windows-1252, say). */
export class NotUtf8Error extends Error {
  constructor(readonly line: number) {
    super(`The page is not UTF-8 text: line ${line} has bytes that are not UTF-8.`);
  }
}

/**
 * A page file's bytes as text. Bytes that are not UTF-8 throw instead of turning into U+FFFD
 * characters, which would publish the page with its accented letters lost.
 */
export function pageText(bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  // A line feed byte is never part of a multibyte character, so lines can be checked one by one.
  let line = 1;
  for (let start = 0; ; line++) {
    const end = bytes.indexOf(0x0a, start);
    if (!isUtf8(bytes.subarray(start, end === -1 ? bytes.length : end)) || end === -1) break;
    start = end + 1;
  }
  throw new NotUtf8Error(line);
}
