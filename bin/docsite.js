#!/usr/bin/env node
// The `docsite` executable: runs the compiled CLI (npm run build creates dist/).
import { main } from '../dist/cli.js';

main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`docsite: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 70;
  },
);
