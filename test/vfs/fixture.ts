// A small docs tree for the shell tests, and a helper that runs a command line against it.
import { runCommand, VirtualFs, type CommandResult } from '../../src/vfs/index.js';

/** The files of the fixture site. */
export const FILES = [
  { path: '/index.mdx', content: '---\ntitle: Home\n---\n# Welcome\nStart with the quickstart.\n' },
  { path: '/quickstart.mdx', content: '# Quickstart\nInstall the CLI.\nConfigure a webhook.\nDone.\n' },
  { path: '/guides/webhooks.mdx', content: '# Webhooks\nA webhook sends events.\n\n## Retries\nWebhooks retry 3 times.\n' },
  { path: '/guides/auth.mdx', content: '# Auth\nUse an API key.' },
  { path: '/guides/advanced/rate-limits.mdx', content: '# Rate limits\n100 requests per minute.\n' },
  { path: '/openapi/spec.json', content: '{"openapi":"3.1.0","paths":{"/webhooks":{}}}\n' },
];

/** The fixture tree; shared by all tests, as the MCP server shares one per site. */
export const docs = new VirtualFs(FILES);

/** Runs `commandLine` against the fixture tree. */
export function run(commandLine: string, fs: VirtualFs = docs): CommandResult {
  return runCommand(fs, commandLine);
}

/** The output of `commandLine`, which must succeed. */
export function out(commandLine: string): string {
  const result = run(commandLine);
  if (result.exitCode !== 0) throw new Error(`'${commandLine}' exited with ${result.exitCode}:\n${result.output}`);
  return result.output;
}
