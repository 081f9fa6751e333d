import { Command } from '@commander-js/extra-typings';
import { openViewerStore } from '../../web/server/open-viewer-store.js';
import { findUiDir } from '../../web/server/ui-dir.js';
import { startViewer } from '../../web/server/start-viewer.js';
import { collectFlag, integerFlag } from '../parse-flags.js';
import { assertStoreExists, DEFAULT_DB } from '../store-option.js';
import { untilStopped } from '../until-stopped.js';

/** Default port of `quorum ui`. */
export const DEFAULT_UI_PORT = 8470;

/** `quorum ui`. */
export function uiCommand() {
  return new Command('ui')
    .description('open a local web viewer of stored runs, questions and audits')
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--port <n>', 'port (0 picks a free one)', integerFlag(0), DEFAULT_UI_PORT)
    .option('--host <address>', 'address to bind; anything but loopback exposes your traces to the network', '127.0.0.1')
    .option('--plugin <file>', 'a plugin module whose metrics the viewer computes on run pages, comparisons and study reports (repeatable); the viewer never loads the plugin files a store names by itself', collectFlag)
    .action(async (options) => {
      // A viewer must not create an empty store at a mistyped path.
      assertStoreExists(options.db);
      // Only files named here: a store file names paths, and opening a store someone sent must not run their code.
      if (options.plugin !== undefined) await (await import('../../runner/load-plugin.js')).loadPlugins(options.plugin);
      const store = await openViewerStore(options.db, (message) => process.stderr.write(`note: ${message}\n`));
      const uiDir = findUiDir();
      let viewer;
      try {
        viewer = await startViewer({ store, host: options.host, port: options.port, uiDir });
      } catch (error) {
        await store.close();
        throw error;
      }
      process.stdout.write(`quorum viewer on ${viewer.url} (store ${options.db}, read-only) — Ctrl-C to stop\n`);
      if (uiDir === null) process.stderr.write('warning: the web UI is not built (run `npm run build`); only the JSON API under /api works\n');
      if (!viewer.loopback) process.stderr.write(`warning: bound to ${options.host}: anyone who can reach this machine can read these traces (there is no login)\n`);
      await untilStopped();
      await viewer.close();
      await store.close();
    });
}
