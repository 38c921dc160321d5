// The virtual filesystem and its read-only shell, for the MCP "query docs filesystem" tool.
export { VirtualFs, type VirtualFile, type VfsEntry, type VfsFile, type VfsDirectory } from './virtual-fs.js';
export { runCommand, TOO_MUCH_WORK_EXIT, type CommandResult, type RunOptions } from './run-command.js';
export { CallBudget } from './limits/call-budget.js';
export { threadCpuClock, type CpuClock } from './limits/cpu-clock.js';
export { SHELL_LIMITS, TOO_MUCH_WORK, TooMuchWorkError, tooMuchWorkMessage, type LimitName, type ShellLimits } from './limits/shell-limits.js';
export { OUTPUT_LIMIT_BYTES } from './shell/output.js';
export { MAX_COMMAND_LENGTH } from './shell/parse-script.js';
export { MAX_EXPANSION } from './shell/tokenize.js';
export { COMMAND_NAMES } from './commands/registry.js';
export { ShellPool, type ShellPoolOptions, type ShellCall, type ShellAnswer, type ShellPoolStats } from './pool/shell-pool.js';
