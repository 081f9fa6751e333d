import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../package-root.js';

/**
 * Where the built UI lives: `vite build` writes it to `dist/web/ui`
 * (src/web/ui/vite.config.ts), found from the package's root so that the
 * viewer finds it from `src/` (tsx), `dist/` and the CLI bundle alike.
 */
export const UI_DIR_CANDIDATES: readonly string[] = [join(PACKAGE_ROOT, 'dist', 'web', 'ui')];

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
