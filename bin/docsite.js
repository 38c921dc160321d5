#!/usr/bin/env node
// The `docsite` executable: runs the compiled CLI (npm run build creates dist/). `build` and
// `validate` run in a child process started with the V8 flags they need (see batch-process.ts).
import { spawn } from 'node:child_process';
import { batchProcessArgs } from '../dist/cli/batch-process.js';

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

const args = batchProcessArgs(process.argv, process.execArgv);
if (args) runInChild(args);
else await runHere();

async function runHere() {
  const { main } = await import('../dist/cli.js');
  await main(process.argv).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      process.stderr.write(`docsite: internal error: ${error?.stack ?? error}\n`);
      process.exitCode = 70;
    },
  );
}

/** Runs the command in a child `node` with `args`, passing signals on and ending as the child ends. */
function runInChild(args) {
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  const forward = (signal) => child.kill(signal);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  child.once('error', () => {
    // No child process (spawning failed): run the command here, with the flags this process has.
    for (const signal of FORWARDED_SIGNALS) process.off(signal, forward);
    void runHere();
  });
  child.once('exit', (code, signal) => {
    for (const s of FORWARDED_SIGNALS) process.off(s, forward);
    if (signal) process.kill(process.pid, signal);
    else process.exitCode = code ?? 70;
  });
}
