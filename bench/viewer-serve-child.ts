/**
 * The viewer in a process of its own, as `quorum ui` runs it: the store
 * opened read-only, the server on a free port. Prints its URL on the first
 * line of stdout. Used by bench/viewer-bench.ts to time a cold first open
 * (new process: nothing indexed, nothing compiled by the JIT yet).
 *
 *   node --import tsx bench/viewer-serve-child.ts <store file> <ui dir>
 */
import { openViewerStore } from '../src/web/server/open-viewer-store.js';
import { startViewer } from '../src/web/server/start-viewer.js';

const [file, uiDir] = process.argv.slice(2);
if (file === undefined || uiDir === undefined) throw new Error('usage: viewer-serve-child.ts <store file> <ui dir>');
const store = await openViewerStore(file);
const viewer = await startViewer({ store, port: 0, uiDir });
process.stdout.write(`${viewer.url}\n`);
