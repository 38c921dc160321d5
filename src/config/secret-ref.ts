// Secrets by reference: `{"env": "NAME"}` or `{"file": "path"}`, resolved once when the config loads.
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

/** How a config file points at a secret it must not contain. */
export type SecretRef = { env: string } | { file: string };

/** Where references are resolved: the environment, and the folder relative file paths start from. */
export interface SecretSource {
  env: Readonly<Record<string, string | undefined>>;
  baseDir: string;
}

/**
 * The secret a reference names, or a problem in words (never the secret itself). A file's
 * content loses one trailing newline; an empty value counts as missing.
 */
export function resolveSecret(ref: SecretRef, source: SecretSource): { value: string } | { problem: string } {
  if ('env' in ref) {
    const value = source.env[ref.env];
    return value ? { value } : { problem: `the environment variable ${ref.env} is not set` };
  }
  const path = isAbsolute(ref.file) ? ref.file : join(source.baseDir, ref.file);
  try {
    const value = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    return value ? { value } : { problem: `the file ${ref.file} is empty` };
  } catch (error) {
    return { problem: `the file ${ref.file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
}
