#!/usr/bin/env node
// V8 settings first: the young generation grows while the command's modules load (src/cli/v8-settings.ts).
import('../dist/bundle/cli/v8-settings.js')
  .then((v8) => v8.applyV8Settings(process.argv))
  .then(() => import('../dist/bundle/cli/main.js'))
  .then((cli) => cli.main(process.argv))
  .catch((error) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    console.error('hint: if dist/ is missing, run `npm run build` (npm ci does it for you)');
    process.exitCode = 1;
  });
