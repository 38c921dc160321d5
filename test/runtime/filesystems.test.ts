// The filesystem tool per request: each reader's tree holds what canRead allows; the calls of one
// request (a JSON-RPC batch) run one at a time under one shared CPU budget.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedBundle } from '../../src/bundle/index.js';
import { createFilesystems, type Filesystems } from '../../src/runtime/filesystems.js';
import { readerView } from '../../src/runtime/reader-view.js';
import { ANONYMOUS, type Principal } from '../../src/site/index.js';
import { SHELL_LIMITS } from '../../src/vfs/index.js';
import { EXAMPLE_SITE, exampleBundle } from '../helpers/runtime.js';

/** A worker that answers every command at once, as having used 1 ms of CPU (see the file). */
const ROGUE = new URL('../fixtures/shell-workers/rogue-worker.mjs', import.meta.url);
const ENTERPRISE: Principal = { kind: 'user', id: 'ann', groups: ['enterprise'] };

let bundle: LoadedBundle;
const opened: Filesystems[] = [];
beforeAll(async () => {
  bundle = await exampleBundle();
});
afterAll(async () => {
  await Promise.all(opened.map((filesystems) => filesystems.close()));
});

function filesystemsOf(...args: Parameters<typeof createFilesystems> extends [unknown, unknown, ...infer Rest] ? Rest : never): Filesystems {
  const created = createFilesystems(bundle, true, ...args);
  opened.push(created);
  return created;
}

describe('createFilesystems', () => {
  it('gives each reader a tree of the pages canRead allows them', async () => {
    const filesystems = filesystemsOf();
    const anonymous = await filesystems.forRequest(readerView(ANONYMOUS, true))('ls /enterprise; ls /openapi');
    const enterprise = await filesystems.forRequest(readerView(ENTERPRISE, true))('ls /enterprise; ls /openapi');
    // The OpenAPI file is used only by pages that need a sign-in, so a visitor's tree lacks it too.
    expect(anonymous).toEqual({ output: "overview.mdx\nls: cannot access '/openapi': No such file or directory\n", isError: true });
    expect(enterprise.output).toMatch(/^overview\.mdx\n.*sso\.mdx\n.*acme\.yaml\n$/s);
  });

  it("shows each page's and OpenAPI file's source modification date, carried through the bundle", async () => {
    const run = filesystemsOf().forRequest(readerView(ENTERPRISE, true));
    const modified = (file: string): string => new Date(Math.trunc(statSync(join(EXAMPLE_SITE, file)).mtimeMs)).toISOString();
    const { output } = await run('stat /enterprise/sso.mdx /openapi/acme.yaml');
    expect(output).toContain(`  File: /enterprise/sso.mdx\n  Size:`);
    expect(output.match(/^Modify: .*$/gm)).toEqual([`Modify: ${modified('enterprise/sso.mdx')}`, `Modify: ${modified('openapi/acme.yaml')}`]);
  });

  it('runs the calls of one request one at a time, and stops them once they spent the CPU time they share', async () => {
    // Each call of the rogue worker reports 1 ms of CPU: two fit in 2 ms, the rest are refused without running.
    const filesystems = filesystemsOf({ workerUrl: ROGUE, limits: { ...SHELL_LIMITS, batchCpuMs: 2 } });
    const run = filesystems.forRequest(readerView(ANONYMOUS, true));
    const answers = await Promise.all(['one', 'two', 'three', 'four'].map((command) => run(command)));
    expect(answers.slice(0, 2)).toEqual([
      { output: expect.stringMatching(/^one \(\d+ files\)\n$/), isError: false },
      { output: expect.stringMatching(/^two \(\d+ files\)\n$/), isError: false },
    ]);
    for (const answer of answers.slice(2)) {
      expect(answer).toEqual({
        output:
          'shell: too much work: the filesystem calls of this request used over 0.0 s of CPU time together, the limit per request. Send further calls in another request, or narrow them.\n',
        isError: true,
      });
    }
    // Another request starts with a budget of its own.
    expect(await filesystems.forRequest(readerView(ANONYMOUS, true))('five')).toMatchObject({ isError: false });
  });
});
