import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the built UI lives: `vite build` writes it to `dist/web/ui`
 * (src/web/ui/vite.config.ts). This module runs from `dist/web/server`
 * after `npm run build`, and from `src/web/server` under tsx; both look
 * in the same folder.
 */
export const UI_DIR_CANDIDATES: readonly string[] = [
  fileURLToPath(new URL('../ui/', import.meta.url)),
  fileURLToPath(new URL('../../../dist/web/ui/', import.meta.url)),
];

/**
 * The first folder that holds a built UI, or null. A build is recognised
 * by Vite's manifest, not by `index.html`: the UI's source folder has an
 * `index.html` too, and serving it would load nothing.
 */
export function findUiDir(candidates: readonly string[] = UI_DIR_CANDIDATES): string | null {
  return candidates.find(isBuiltUi) ?? null;
}

/** Whether a folder is the output of the UI build. */
export function isBuiltUi(dir: string): boolean {
  return existsSync(join(dir, 'index.html')) && existsSync(join(dir, '.vite', 'manifest.json'));
}
