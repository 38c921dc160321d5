// The virtual filesystem and its read-only shell, for the MCP "query docs filesystem" tool.
export { VirtualFs, type VirtualFile, type VfsEntry, type VfsFile, type VfsDirectory } from './virtual-fs.js';
export { runCommand, type CommandResult } from './run-command.js';
export { OUTPUT_LIMIT_BYTES } from './shell/output.js';
export { MAX_COMMAND_LENGTH } from './shell/parse-script.js';
export { COMMAND_NAMES } from './commands/registry.js';
