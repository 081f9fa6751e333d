#!/usr/bin/env node
// Heap settings first: the young generation grows while the command's modules load (src/cli/heap-settings.ts).
import('../dist/bundle/cli/heap-settings.js')
  .then((heap) => heap.applyHeapSettings(process.argv))
  .then(() => import('../dist/bundle/cli/main.js'))
  .then((cli) => cli.main(process.argv))
  .catch((error) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    console.error('hint: if dist/ is missing, run `npm run build` (npm ci does it for you)');
    process.exitCode = 1;
  });
