// The progress line of build and validate: on a terminal only, and never standing still at total/total.
import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src/cli/progress.js';

function terminal(isTTY: boolean): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  return { stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream, written };
}

describe('progressLine', () => {
  it('redraws the count on a terminal, names the work after the last item, and clears itself', () => {
    const { stream, written } = terminal(true);
    const progress = progressLine('Building pages', 'writing the bundle', stream);
    progress.update(1, 2);
    progress.update(2, 2);
    progress.done();
    expect(written).toEqual(['\rBuilding pages 1/2', '\rBuilding pages 2/2, writing the bundle…', '\r\x1b[K']);
  });

  it('writes nothing when the output is not a terminal (logs, CI)', () => {
    const { stream, written } = terminal(false);
    const progress = progressLine('Checking pages', undefined, stream);
    progress.update(2, 2);
    progress.done();
    expect(written).toEqual([]);
  });
});
