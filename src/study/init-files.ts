import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { expandBackendShorthand } from '../backends/backend-shorthand.js';
import { parseBackendSpec } from '../backends/backend-spec.js';
import { ConfigError } from '../spec/errors.js';
import { CONFIG_SCHEMA_FILES } from './config-json-schemas.js';

/** What `quorum init` writes. */
export interface InitOptions {
  /** Folder to write into (created when missing). */
  dir: string;
  /** Backend of every agent, as the user wrote it (shorthands are kept: they read better). */
  backend: string;
  /** Folder holding `run.schema.json` and `study.schema.json` (referenced relative to `dir`). */
  schemaDir: string;
  /** Replace existing files. */
  force?: boolean;
}

/** The files `writeInitFiles` wrote. */
export interface InitResult {
  files: string[];
}

/**
 * Writes a commented `run.yaml` and `study.yaml` that load as they are (the
 * demo questions on the chosen backend), each pointing editors at its JSON
 * Schema with a `yaml-language-server` comment. Existing files are kept
 * unless `force`: a template must never eat someone's configuration.
 */
export async function writeInitFiles(options: InitOptions): Promise<InitResult> {
  parseBackendSpec(options.backend); // a typo fails here, not at the first run
  const files = { 'run.yaml': runTemplate(options), 'study.yaml': studyTemplate(options) };
  const paths = Object.keys(files).map((name) => join(options.dir, name));
  const existing = paths.filter((path) => existsSync(path));
  if (existing.length > 0 && options.force !== true) {
    throw new ConfigError(`${existing.join(' and ')} already exist${existing.length === 1 ? 's' : ''}`, 'pass --force to replace them, or --dir <folder> to write elsewhere');
  }
  await mkdir(options.dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(join(options.dir, name), text);
  return { files: paths };
}

function schemaRef(options: InitOptions, file: string): string {
  const path = relative(options.dir, join(options.schemaDir, file)).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** The model name to price, when the backend is an HTTP server. */
function pricedModel(backend: string): string {
  const spec = parseBackendSpec(expandBackendShorthand(backend));
  return spec.kind === 'openai' ? spec.model : 'my-model';
}

function runTemplate(options: InitOptions): string {
  return `# yaml-language-server: $schema=${schemaRef(options, CONFIG_SCHEMA_FILES.run)}
# A quorum run file: quorum run --config run.yaml
# Flags given on the command line override its fields (docs/configuration.md).

protocol: gdp              # grounded debate; \`quorum protocols\` lists every protocol
dataset:
  dataset: demo            # the built-in questions; \`quorum datasets\` lists the formats
  # path: my-questions.jsonl   # your own file (relative to this file)
  limit: 5
backend: ${options.backend}   # ollama:<model>, vllm:<model>, openai:<model>@<url>, llama:<file.gguf>
agents: 3
seeds: [1]                 # several seeds give one unit per question and seed: [1, 2, 3] or "1-5"
decoding:
  temperature: 0.7
  maxTokens: 512
db: quorum.db              # relative to this file

# US dollars per million tokens, "<input>/<output>", so that cost is not n/a:
# prices:
#   ${JSON.stringify(pricedModel(options.backend))}: "0.10/0.30"
`;
}

function studyTemplate(options: InitOptions): string {
  return `# yaml-language-server: $schema=${schemaRef(options, CONFIG_SCHEMA_FILES.study)}
# A quorum study: the same questions and seeds under each protocol, compared
# with paired statistics (docs/studies.md).
#   quorum study run study.yaml
#   quorum study report first-study

name: first-study
description: independent voting vs debate vs grounded debate on the built-in questions
datasets:
  - dataset: demo
    limit: 5
backends:
  main: ${options.backend}
agents:
  count: 3
  backends: [main]
  decoding: { temperature: 0.7, maxTokens: 512 }
protocols:
  - ni                     # M4: agents answer alone, majority vote
  - du                     # M3: Du et al. debate
  - gdp                    # M3-GDP: CLAIM / GROUND / STANCE
seeds: [1, 2]
audit:
  embed: wordvec           # offline fallbacks, labelled as such in the report (docs/audit-models.md)
  nli: heuristic
comparisons:
  baseline: ni             # du − ni and gdp − ni
`;
}
