import { existsSync, statSync } from 'node:fs';
import { Command, InvalidArgumentError } from '@commander-js/extra-typings';
import { createEmbeddingProvider } from '../../audit/create-embedding-provider.js';
import { createNliProvider } from '../../audit/create-nli-provider.js';
import { auditJson } from '../../audit-runner/audit-json.js';
import { auditRuns } from '../../audit-runner/audit-runs.js';
import { DEFAULT_EMBED_SPEC, DEFAULT_NLI_SPEC } from '../../audit-runner/audit-settings.js';
import { formatAuditTable } from '../../audit-runner/format-audit.js';
import { importForeignTraces } from '../../audit-runner/import-foreign-traces.js';
import { TRANSCRIPT_FORMATS, type TranscriptFormat } from '../../audit-runner/read-transcripts.js';
import { writePerQuestionFile } from '../../audit-runner/per-question-file.js';
import { DEFAULT_STEP_CAP } from '../../parsing/segment-steps.js';
import type { EmbeddingProvider, NliProvider } from '../../spec/audit.js';
import type { LowCaraRule } from '../../spec/audit-result.js';
import { ConfigError } from '../../spec/errors.js';
import { formatValidation } from '../../validation/format-validation.js';
import { validateAudit, type AuditValidation } from '../../validation/validate-audit.js';
import { validationJson } from '../../validation/validation-json.js';
import { parseValidationSource } from '../../validation/validation-source.js';
import { integerFlag, numberFlag } from '../parse-flags.js';
import { DEFAULT_DB, withStore } from '../store-option.js';

/** A transcript file rather than a run id: an existing file, or a name ending in .json/.jsonl/.ndjson. */
function isTraceFile(target: string): boolean {
  if (/\.(?:json|jsonl|ndjson)$/i.test(target)) return true;
  return existsSync(target) && statSync(target).isFile();
}

function transcriptFormat(value: string): TranscriptFormat {
  if (!(TRANSCRIPT_FORMATS as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected one of ${TRANSCRIPT_FORMATS.join(', ')}, got "${value}"`);
  return value as TranscriptFormat;
}

function lowCaraRule(options: { lowQuantile?: number; lowThreshold?: number }): LowCaraRule | undefined {
  if (options.lowQuantile !== undefined && options.lowThreshold !== undefined) {
    throw new ConfigError('--low-quantile and --low-threshold exclude each other', 'pass one of them');
  }
  if (options.lowQuantile !== undefined) return { kind: 'quantile', value: options.lowQuantile };
  if (options.lowThreshold !== undefined) return { kind: 'threshold', value: options.lowThreshold };
  return undefined;
}

function cosineFlag(value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number < -1 || number > 1) throw new InvalidArgumentError(`expected a number from -1 to 1, got "${value}"`);
  return number;
}

/** `quorum audit`. */
export function auditCommand() {
  return new Command('audit')
    .description('audit stored runs or foreign traces: CARA-HYB, SIM, contradiction rate (CR), CARA-GT, failure modes; results are stored beside the run')
    .argument('<targets...>', 'run ids (see `quorum runs`) and/or transcript files: foreign-trace .jsonl, or Du et al., MALLM or ChatEval outputs (docs/metrics.md, "Foreign traces")')
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--create', 'create the database when it does not exist (default: only when a target is a trace file)')
    .option('--embed <spec>', 'embedding model: wordvec (offline fallback), transformers:<model>, llm:openai:<model>@<base-url> or http:<base-url> (/v1/embeddings), llama:<file.gguf>', DEFAULT_EMBED_SPEC)
    .option('--nli <spec>', 'NLI model: heuristic (offline fallback), transformers:<model>, http:<base-url>, llm:<chat backend spec> (e.g. llm:openai:qwen2.5-7b@http://127.0.0.1:8000/v1)', DEFAULT_NLI_SPEC)
    .option('--tau <t>', 'contradiction threshold τ: a best-match pair is flagged when its NLI probability is > τ', numberFlag(0, 1), 0.5)
    .option('--step-cap <n>', 'steps kept per agent', integerFlag(1), DEFAULT_STEP_CAP)
    .option('--low-quantile <q>', 'low-CARA units: at or below this quantile of each protocol (default 0.25)', numberFlag(0, 1))
    .option('--low-threshold <x>', 'low-CARA units: CARA-HYB below this value (instead of a quantile)', cosineFlag)
    .option('--bootstrap <b>', 'bootstrap resamples of the 95% CIs', integerFlag(1), 2000)
    .option('--bootstrap-seed <s>', 'seed of the bootstrap', integerFlag(0), 0)
    .option('--label <text>', 'label of the stored audit (default: models and τ)')
    .option('--per-question <file>', 'also write per-question results to a .csv or .json file')
    .option('--validate <ratings>', 'validate CARA against ratings of reasoning alignment: a CSV "question_id,rater,rating" (1-5) or judge:<backend-spec> (docs/validation.md); one target')
    .option('--format <format>', `layout of trace files: ${TRANSCRIPT_FORMATS.join(', ')} (default: detected; docs/metrics.md, "Foreign traces")`, transcriptFormat)
    .option('--json', 'print JSON: one object for one target, an array for several')
    .action(async (targets, options) => {
      const low = lowCaraRule(options);
      const validationSource = options.validate === undefined ? undefined : await parseValidationSource(options.validate);
      if (validationSource !== undefined && targets.length !== 1) throw new ConfigError(`--validate compares one run with its ratings, but ${targets.length} targets were given`, 'audit the runs one at a time');
      await withStore(options.db, async (store) => {
        const runIds: string[] = [];
        for (const target of targets) {
          if (!isTraceFile(target)) {
            // Checked before any model loads: a typo should not cost a model load.
            if ((await store.getRun(target)) === undefined) throw new ConfigError(`no run "${target}" in ${options.db}`, 'list runs with `quorum runs`, or pass a foreign-trace .jsonl file');
            runIds.push(target);
            continue;
          }
          const imported = await importForeignTraces(store, target, options.format === undefined ? {} : { format: options.format });
          if (options.json !== true) process.stderr.write(`${imported.created ? 'imported' : 'already imported'} ${target} (${imported.format}) as run ${imported.runId} (${imported.units} units)\n`);
          runIds.push(imported.runId);
        }
        const providers: { embedding?: EmbeddingProvider; nli?: NliProvider } = {};
        try {
          const embedding: EmbeddingProvider = (providers.embedding = await createEmbeddingProvider(options.embed));
          // The store caches an llm: NLI's completions by content: auditing the same pairs again sends nothing.
          const nli: NliProvider = (providers.nli = await createNliProvider(options.nli, { completionCache: store, quiet: options.json === true }));
          const progress = process.stderr.isTTY && options.json !== true
            ? (stage: 'embed' | 'nli', done: number, total: number) => process.stderr.write(`\r${stage === 'embed' ? 'embedding' : 'NLI'} ${done}/${total}${done === total ? '\n' : ''}`)
            : undefined;
          const outcome = await auditRuns({
            store,
            runIds,
            embedding,
            nli,
            tau: options.tau,
            stepCap: options.stepCap,
            bootstrap: { resamples: options.bootstrap, seed: options.bootstrapSeed },
            ...(low === undefined ? {} : { failureModes: { low } }),
            ...(options.label === undefined ? {} : { label: options.label }),
            ...(progress === undefined ? {} : { progress }),
          });
          if (options.perQuestion !== undefined) await writePerQuestionFile(options.perQuestion, outcome.audits);
          const [audited] = outcome.audits;
          const validation: AuditValidation | undefined =
            validationSource === undefined || audited === undefined
              ? undefined
              : await validateAudit({
                  store,
                  ...audited,
                  source: validationSource,
                  bootstrap: audited.audit.settings.bootstrap,
                  judge: { onStart: (pending, total) => (options.json === true || pending === 0 ? undefined : process.stderr.write(`rating ${pending} of ${total} units with the judge…\n`)) },
                });
          if (options.json === true) {
            const reports = outcome.audits.map((entry) => ({ ...auditJson(entry.audit), ...(validation === undefined ? {} : validationJson(validation)) }));
            process.stdout.write(`${JSON.stringify(reports.length === 1 ? reports[0] : reports)}\n`);
            return;
          }
          process.stdout.write(`${formatAuditTable(outcome.audits.map((entry) => entry.audit))}\n`);
          if (validation !== undefined) process.stdout.write(`${formatValidation(validation)}\n`);
          const { calls } = outcome;
          process.stdout.write(
            `\naudited in ${(calls.durationMs / 1000).toFixed(2)} s: ${calls.embeddedTexts} texts embedded, ${calls.nliPairs} distinct NLI pairs (${calls.nliPairsRequested} asked for)` +
              `${options.perQuestion === undefined ? '' : `; per-question results in ${options.perQuestion}`}\n`,
          );
        } finally {
          await providers.embedding?.close?.();
          await providers.nli?.close?.();
        }
        // importing foreign traces is a legitimate first use of a database; a run id needs an existing one
      }, { create: options.create === true || targets.some(isTraceFile), createFlag: true });
    });
}
