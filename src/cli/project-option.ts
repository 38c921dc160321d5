// The project whose analytics a command reads or writes: `--project`, else the one of the docs folder.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidArgumentError } from 'commander';
import { parse, type ParseError } from 'jsonc-parser';
import { BUNDLE_PATHS, projectIdOf } from '../bundle/index.js';
import { RUNTIME_CONFIG_FILE } from '../config/index.js';
import { UsageError } from '../errors.js';

/** Parses --project: a non-empty id without spaces. */
export function parseProjectId(value: string): string {
  if (!/^\S{1,200}$/.test(value)) throw new InvalidArgumentError('expected a project id such as acme (docsite serve prints it).');
  return value;
}

/** A JSON file's object, or undefined when it is not one. */
function readJson(file: string): Record<string, unknown> | undefined {
  const errors: ParseError[] = [];
  const value: unknown = parse(readFileSync(file, 'utf8'), errors);
  return errors.length === 0 && typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/**
 * `flag` when given; else the project id `docsite serve` uses for `dir`: the `projectId` of its
 * runtime config (docsite.config.json), else its docs.json `name` as a slug (what `docsite build`
 * writes into the manifest), else the manifest's when `dir` is a bundle.
 */
export function projectIdFor(dir: string, flag: string | undefined): string {
  if (flag) return flag;
  const runtimeConfig = join(dir, RUNTIME_CONFIG_FILE);
  // Only this field is read: the rest of the file (secrets from the environment) is serve's business.
  const configured = existsSync(runtimeConfig) ? readJson(runtimeConfig)?.projectId : undefined;
  if (typeof configured === 'string') return configured;
  const docsJson = join(dir, 'docs.json');
  if (existsSync(docsJson)) {
    const name = readJson(docsJson)?.name;
    if (typeof name !== 'string')
      throw new UsageError(`${docsJson} has no valid "name", so the project id is unknown.`, 'Run `docsite validate`, or pass --project ID.');
    return projectIdOf(name);
  }
  const manifest = join(dir, BUNDLE_PATHS.manifest);
  const site = existsSync(manifest) ? readJson(manifest)?.site : undefined;
  const projectId = (site as { projectId?: unknown } | undefined)?.projectId;
  if (typeof projectId === 'string') return projectId;
  throw new UsageError(
    `${dir} holds neither docs.json nor a built bundle, so the project id is unknown.`,
    'Pass the docs folder, or --project ID (docsite serve prints it).',
  );
}
