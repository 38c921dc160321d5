// The two places command output goes: the caller's capped output, and pipes between commands.
import type { InputNeeded, Writer } from '../commands/command.js';
import type { CallBudget } from '../limits/call-budget.js';

/** Most output one call returns, in UTF-8 bytes (30 KB), the truncation note included. */
export const OUTPUT_LIMIT_BYTES = 30 * 1024;
/** The note that ends output cut at the limit. */
export const TRUNCATION_NOTE = '\n[output truncated at 30 KB: narrow the command, e.g. head -n 50 or grep -l]\n';

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
    // Past the limit nothing is shown, so a long text is kept only as far as it can be.
    if (!this.full) this.append(text.length > OUTPUT_LIMIT_BYTES ? text.slice(0, OUTPUT_LIMIT_BYTES + 1) : text);
  }

  /**
   * The output, cut to `OUTPUT_LIMIT_BYTES` with `TRUNCATION_NOTE` when longer, and `trailer`
   * (a last message that must be seen) after it, within the limit.
   */
  finish(trailer = ''): { output: string; truncated: boolean } {
    const text = this.text();
    // A trailer starts on a line of its own.
    const output = trailer !== '' && text !== '' && !text.endsWith('\n') ? `${text}\n` : text;
    const bytes = Buffer.from(output);
    const room = OUTPUT_LIMIT_BYTES - Buffer.byteLength(trailer);
    if (bytes.length <= room) return { output: output + trailer, truncated: false };
    return { output: cutAt(bytes, room - Buffer.byteLength(TRUNCATION_NOTE)) + TRUNCATION_NOTE + trailer, truncated: true };
  }
}

/**
 * Text between two commands of a pipeline, held against the call's budget until the next command
 * is done with it. When the next command reads only the start (`needed`), the pipe is full once
 * it holds that much, so the writer stops early, as on SIGPIPE in a real shell.
 */
export class PipeBuffer extends TextSink implements Writer {
  private lines = 0;

  constructor(
    private readonly budget: CallBudget,
    private readonly needed: InputNeeded = {},
  ) {
    super();
  }

  get full(): boolean {
    const { lines, chars } = this.needed;
    return (lines !== undefined && this.lines >= lines) || (chars !== undefined && this.length >= chars);
  }

  write(text: string): void {
    if (this.full) return;
    this.budget.hold(text.length);
    this.append(text);
    if (this.needed.lines !== undefined) for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) this.lines++;
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
