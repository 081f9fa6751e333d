// The first half of the "prepare" script: `node scripts/skip-build-under-npx.mjs || npm run build`.
//
// `npx quorum` in a clone installs the clone into npx's cache, and npm runs
// "prepare" for it: a second full build (about 3 minutes on 2 cores) of a
// clone that `npm ci` has just built. Exits 0 (skip the build) only in that
// case: under `npm exec`/npx with dist/ already built. Anything else (npm ci,
// npm install, a clone without dist/) exits 1, and the build runs.
import { existsSync } from 'node:fs';

const built = existsSync(new URL('../dist/cli/main.js', import.meta.url));
process.exitCode = process.env.npm_command === 'exec' && built ? 0 : 1;
