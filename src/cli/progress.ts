// A one-line progress counter on stderr, shown only on a terminal so logs and CI stay clean.

/**
 * Returns a progress callback that redraws "label done/total" on a TTY, and a function to clear
 * it. `after` names the work that follows the last item (say, writing the bundle), so a line
 * standing at total/total does not look stuck.
 */
export function progressLine(
  label: string,
  after?: string,
  stream: NodeJS.WriteStream = process.stderr,
): { update(done: number, total: number): void; done(): void } {
  if (!stream.isTTY) return { update() {}, done() {} };
  let last = 0;
  let shown = false;
  return {
    update(done, total) {
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      shown = true;
      stream.write(`\r${label} ${done}/${total}${done === total && after ? `, ${after}…` : ''}`);
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
