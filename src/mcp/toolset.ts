// The site's tools, built once at start: descriptors for tools/list and argument validators, as each reader sees them.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { type Manifest, readerTools, readerVariants, type ToolDescriptor, type ToolRole } from '../bundle/index.js';
import { accessKeyOf, canRead, type Principal } from '../site/index.js';

/** Who is asking, as the tools see it. */
export interface ToolReader {
  principal: Principal;
  /** Whether the site has authentication on (changes what pages without `public` mean). */
  authentication: boolean;
}

/** The tools of one site, shared by every request. */
export interface Toolset {
  /** Every tool as the site defines it, in `tools/list` order: names and roles are the same for every reader. */
  tools: ToolDescriptor[];
  roleOf(name: string): ToolRole | undefined;
  /**
   * The tools as `reader` sees them (`tools/list`, server cards): the search tool offers only the
   * versions and languages of pages the reader may read, so none tells of a group's content.
   */
  toolsFor(reader: ToolReader): ToolDescriptor[];
  /** Checks arguments against the tool's input schema as `reader` sees it; returns a readable problem or undefined. */
  check(name: string, args: unknown, reader: ToolReader): string | undefined;
}

const ajv = new Ajv2020({ allErrors: false, strict: false });

/** The descriptors and validators of one set of versions and languages a reader meets. */
interface ReaderTools {
  tools: ToolDescriptor[];
  validators: Map<string, ValidateFunction>;
}

export function createToolset(manifest: Manifest): Toolset {
  const roles: ToolRole[] = ['search', 'filesystem', 'feedback'];
  const tools = roles.map((role) => manifest.tools[role]);
  const byName = new Map(roles.map((role) => [manifest.tools[role].name, role]));
  // Readers of one kind (signed in or not, and groups) meet the same versions and languages: worked out once per kind.
  const siteGroups = [...new Set(manifest.pages.flatMap((page) => page.access.groups))].sort();
  const byKind = new Map<string, ReaderTools>();
  const readerToolsOf = ({ principal, authentication }: ToolReader): ReaderTools => {
    const key = accessKeyOf(principal, authentication, siteGroups);
    let found = byKind.get(key);
    if (!found) {
      const narrowed = readerTools(
        manifest.tools,
        readerVariants(manifest, (page) => canRead(principal, page.access, authentication)),
      );
      found = { tools: narrowed, validators: new Map(narrowed.map((tool) => [tool.name, ajv.compile(tool.inputSchema)])) };
      byKind.set(key, found);
    }
    return found;
  };
  return {
    tools,
    roleOf: (name) => byName.get(name),
    toolsFor: (reader) => readerToolsOf(reader).tools,
    check(name, args, reader) {
      const validate = readerToolsOf(reader).validators.get(name)!;
      if (validate(args ?? {})) return undefined;
      const error = validate.errors?.[0];
      const where = error?.instancePath ? `"${error.instancePath.slice(1)}"` : 'The arguments';
      const extra = error?.keyword === 'additionalProperties' ? ` ("${String(error.params.additionalProperty)}")` : '';
      return `Invalid arguments: ${where} ${error?.message ?? 'are invalid'}${extra}.`;
    },
  };
}
