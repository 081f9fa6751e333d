#!/usr/bin/env node
import('../dist/cli/main.js').then((cli) => cli.main(process.argv)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
