// The two places command output goes: the caller's capped output, and pipes between commands.
import { CommandError, type Writer } from '../commands/command.js';

/** Most output one call returns, in UTF-8 bytes (30 KB), the truncation note included. */
export const OUTPUT_LIMIT_BYTES = 30 * 1024;
/** The note that ends output cut at the limit. */
export const TRUNCATION_NOTE = '\n[output truncated at 30 KB: narrow the command, e.g. head -n 50 or grep -l]\n';
/**
 * Most text one command may pass to the next through a pipe, in UTF-16 code units: enough for
 * every page of a 10,000-page site (`grep -rn x / | wc -l`), small enough to bound memory.
 */
export const PIPE_LIMIT = 64 * 1024 * 1024;

/** Text written so far, with its length in UTF-16 code units. */
class TextSink {
  protected readonly chunks: string[] = [];
  protected length = 0;

  protected append(text: string): void {
    this.chunks.push(text);
    this.length += text.length;
  }

  /** Everything written, as one string. */
  text(): string {
    return this.chunks.join('');
  }
}

/**
 * What the caller sees: the output and error messages of every command, in the order written.
 * It keeps a little more than the limit, then reports itself full so commands stop early.
 */
export class CallOutput extends TextSink implements Writer {
  // A UTF-16 code unit is at least one UTF-8 byte, so past this many units the bytes are too.
  get full(): boolean {
    return this.length > OUTPUT_LIMIT_BYTES;
  }

  write(text: string): void {
    if (!this.full) this.append(text);
  }

  /** The output, cut to `OUTPUT_LIMIT_BYTES` with `TRUNCATION_NOTE` when longer. */
  finish(): { output: string; truncated: boolean } {
    const output = this.text();
    const bytes = Buffer.from(output);
    if (bytes.length <= OUTPUT_LIMIT_BYTES) return { output, truncated: false };
    return { output: cutAt(bytes, OUTPUT_LIMIT_BYTES - Buffer.byteLength(TRUNCATION_NOTE)) + TRUNCATION_NOTE, truncated: true };
  }
}

/** Text between two commands of a pipeline; refuses more than `PIPE_LIMIT`. */
export class PipeBuffer extends TextSink implements Writer {
  readonly full = false;

  write(text: string): void {
    if (this.length + text.length > PIPE_LIMIT) {
      throw new CommandError('output too large to pipe (over 64 MB): narrow the command first, e.g. with grep -l or a path', 1);
    }
    this.append(text);
  }
}

/**
 * The first `limit` bytes of `bytes` as text, never splitting a character, and ending after the
 * last whole line when that keeps at least half of it.
 */
function cutAt(bytes: Buffer, limit: number): string {
  let end = limit;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  const lastNewline = bytes.lastIndexOf(0x0a, end - 1);
  if (lastNewline >= limit / 2) end = lastNewline + 1;
  return bytes.toString('utf8', 0, end);
}
