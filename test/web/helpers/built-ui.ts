/**
 * Builds the viewer's UI for a test or script into a folder of its own,
 * so what runs is the current source, not whatever `dist/web/ui` holds.
 */
import { fileURLToPath } from 'node:url';

const CONFIG = fileURLToPath(new URL('../../../src/web/ui/vite.config.ts', import.meta.url));

/** Runs `vite build` with the project's config into `outDir`. */
export async function buildUi(outDir: string): Promise<string> {
  const { build } = await import('vite');
  await build({ configFile: CONFIG, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  return outDir;
}
