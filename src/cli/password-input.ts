// Reading a password without it ever being a command-line argument: a hidden terminal prompt, or stdin.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { UsageError } from '../errors.js';

/** All of stdin, without one trailing newline (for `--password-stdin`). */
export async function readPasswordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks on the terminal without echoing what is typed. */
async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    process.stdout.write(question);
    muted = true;
    return await new Promise<string>((resolve) => rl.question('', resolve));
  } finally {
    muted = false;
    process.stdout.write('\n');
    rl.close();
  }
}

/** Asks twice on the terminal and returns the password once both answers match. */
export async function promptNewPassword(): Promise<string> {
  if (!process.stdin.isTTY)
    throw new UsageError(
      'There is no terminal to ask for the password.',
      'Pipe it in with --password-stdin (or pass --password, which leaves it in your shell history).',
    );
  const first = await askHidden('Password: ');
  if (first === '') throw new UsageError('The password must not be empty.');
  if ((await askHidden('Repeat password: ')) !== first) throw new UsageError('The passwords do not match.');
  return first;
}
