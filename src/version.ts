// docsite's own version, from package.json: the MCP server version and part of cache keys.
import { readFileSync } from 'node:fs';

export const DOCSITE_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
