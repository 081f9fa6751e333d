import { Command } from '@commander-js/extra-typings';
import { DEFAULT_BACKEND_SPEC } from '../../backends/defaults.js';
import { backendFromEnv } from '../../backends/backend-shorthand.js';
import { integerFlag } from '../parse-flags.js';
import { DEFAULT_DB } from '../store-option.js';
import { runFromOptions } from './run-command.js';

/** `quorum demo`: the built-in questions, three GDP agents, the default in-process model. */
export function demoCommand() {
  return new Command('demo')
    .description('run grounded debate (gdp) with 3 agents on the built-in questions and the default in-process model')
    .option('--backend <spec>', `backend of every agent (default: OPENAI_MODEL/OPENAI_BASE_URL when set, else ${DEFAULT_BACKEND_SPEC})`)
    .option('--rounds <r>', 'interaction rounds after round 0', integerFlag(0), 1)
    .option('--limit <n>', 'use the first n built-in questions', integerFlag(1))
    .option('--threads <n>', 'CPU threads for in-process models', integerFlag(1))
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--json', 'print one JSON object')
    .action(async (options) => {
      // node-llama-cpp loads only when the demo runs, not on every CLI start
      const { resolveDemoBackend } = await import('../../backends/llama/resolve-demo-backend.js');
      const requested = options.backend ?? backendFromEnv() ?? DEFAULT_BACKEND_SPEC;
      const resolved = await resolveDemoBackend(requested, (line: string) => process.stderr.write(`${line}\n`));
      await runFromOptions({
        protocol: 'gdp',
        dataset: 'demo',
        agents: 3,
        rounds: options.rounds,
        backend: resolved.spec,
        seed: [1],
        concurrency: 2,
        db: options.db,
        maxTokens: 512,
        ...(options.limit === undefined ? {} : { limit: options.limit }),
        // the generated stand-in model is tiny: one thread is fastest and keeps its output reproducible
        ...(options.threads !== undefined ? { threads: options.threads } : resolved.testModel ? { threads: 1 } : {}),
        ...(options.json === undefined ? {} : { json: options.json }),
        ...(resolved.banner === undefined ? {} : { banner: resolved.banner }),
        ...(resolved.spec === requested ? {} : { requestedBackend: requested }),
      });
    });
}
