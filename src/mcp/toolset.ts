// The site's tools, built once at start: descriptors for tools/list and argument validators.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Manifest, ToolDescriptor, ToolRole } from '../bundle/index.js';

/** The tools of one site, shared by every request. */
export interface Toolset {
  /** In `tools/list` order; the server card lists the same. */
  tools: ToolDescriptor[];
  roleOf(name: string): ToolRole | undefined;
  /** Checks arguments against the tool's input schema; returns a readable problem or undefined. */
  check(name: string, args: unknown): string | undefined;
}

const ajv = new Ajv2020({ allErrors: false, strict: false });

export function createToolset(manifest: Manifest): Toolset {
  const roles: ToolRole[] = ['search', 'filesystem', 'feedback'];
  const tools = roles.map((role) => manifest.tools[role]);
  const byName = new Map(roles.map((role) => [manifest.tools[role].name, role]));
  const validators = new Map<string, ValidateFunction>(tools.map((tool) => [tool.name, ajv.compile(tool.inputSchema)]));
  return {
    tools,
    roleOf: (name) => byName.get(name),
    check(name, args) {
      const validate = validators.get(name)!;
      if (validate(args ?? {})) return undefined;
      const error = validate.errors?.[0];
      const where = error?.instancePath ? `"${error.instancePath.slice(1)}"` : 'The arguments';
      const extra = error?.keyword === 'additionalProperties' ? ` ("${String(error.params.additionalProperty)}")` : '';
      return `Invalid arguments: ${where} ${error?.message ?? 'are invalid'}${extra}.`;
    },
  };
}
