import { join } from 'node:path';
import { Command } from '@commander-js/extra-typings';
import { backendFromEnv } from '../../backends/backend-shorthand.js';
import { writeInitFiles } from '../../study/init-files.js';
import { PACKAGE_ROOT } from '../../package-root.js';

/** `schemas/` of this package. */
const SCHEMA_DIR = join(PACKAGE_ROOT, 'schemas');

/** Backend of the templates when neither --backend nor OPENAI_MODEL says: a local Ollama model. */
const INIT_DEFAULT_BACKEND = 'ollama:qwen2.5';

/** `quorum init`: a commented run.yaml and study.yaml to start from. */
export function initCommand() {
  return new Command('init')
    .description('write a commented run.yaml and study.yaml (with JSON Schemas for editors) to start from')
    .option('--backend <spec>', `backend of the agents (default: OPENAI_MODEL/OPENAI_BASE_URL when set, else ${INIT_DEFAULT_BACKEND})`)
    .option('--dir <folder>', 'where to write them', '.')
    .option('--force', 'replace existing run.yaml and study.yaml')
    .action(async (options) => {
      const result = await writeInitFiles({ dir: options.dir, backend: options.backend ?? backendFromEnv() ?? INIT_DEFAULT_BACKEND, schemaDir: SCHEMA_DIR, ...(options.force === true ? { force: true } : {}) });
      process.stdout.write(`wrote ${result.files.join(', ')}\n`);
      const [run, study] = result.files;
      process.stderr.write(`next:\n  quorum run --config ${run}\n  quorum study run ${study}\n`);
    });
}
