#!/usr/bin/env node
import { main } from './main.js';
import { isBrokenPipe } from './usage-errors.js';

// `quorum export … | head`: once the reader closes the pipe, stop quietly with success
// instead of an unhandled 'error' event ("write EPIPE")
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (isBrokenPipe(error)) process.exit(process.exitCode ?? 0);
    throw error;
  });
}

await main(process.argv);
