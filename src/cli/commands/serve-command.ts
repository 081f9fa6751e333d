import { Command } from '@commander-js/extra-typings';
import { backendFromEnv } from '../../backends/backend-shorthand.js';
import { DEFAULT_BACKEND_SPEC } from '../../backends/defaults.js';
import { parsePriceAssignment } from '../../backends/price-assignment.js';
import { protocolNames } from '../../protocols/registry.js';
import { parseAgentSpec, resolveAgentList } from '../../runner/agent-spec.js';
import { loadRunFile, type RunFileRequest } from '../../runner/run-file.js';
import { ConfigError } from '../../spec/errors.js';
import { startServe } from '../../serve/start-serve.js';
import { collectFlag, integerFlag, numberFlag } from '../parse-flags.js';
import { DEFAULT_DB, withStore } from '../store-option.js';
import { untilStopped } from '../until-stopped.js';

/** Default port of `quorum serve`. */
export const DEFAULT_SERVE_PORT = 8471;

/** The environment variable read for the bearer token when `--token` is not given. */
export const SERVE_TOKEN_ENV = 'QUORUM_SERVE_TOKEN';


/** `quorum serve`. */
export function serveCommand() {
  return new Command('serve')
    .description('serve a protocol as an OpenAI-compatible chat model (POST /v1/chat/completions, GET /v1/models); every request is stored as a unit of a run')
    .option('--protocol <preset>', `the preset answered by default: ${protocolNames().join(', ')} (a request's "model" may name any of them)`)
    .option('--config <run.yaml>', 'run file with protocol, agents, judge, seeds, decoding and prices (its dataset is not used); flags override its fields')
    .option('--backend <spec>', `backend of agents not given with --agent (default: OPENAI_MODEL/OPENAI_BASE_URL when set, else ${DEFAULT_BACKEND_SPEC})`)
    .option('--agents <n>', 'number of agents (default: the agents given with --agent, else 3; presets with fixed roles get one per role)', integerFlag(1))
    .option('--agent <spec>', 'one agent: [<name>=]<backend-spec>[,temperature=T][,max_tokens=N][,persona=…] (repeatable; docs/agents.md)', collectFlag)
    .option('--judge <spec>', "the judge: [<name>=]<backend-spec>[,temperature=T]; default: the first agent's backend")
    .option('--rounds <r>', 'interaction rounds after round 0 (overrides every preset)', integerFlag(0))
    .option('--temperature <t>', 'sampling temperature of every agent', numberFlag(0, 2))
    .option('--max-tokens <n>', 'completion token limit per turn', integerFlag(1))
    .option('--seed <n>', 'seed of every unit (default 1)', integerFlag(0))
    .option('--concurrency <c>', 'requests answered at once; more wait (default 4)', integerFlag(1))
    .option('--price <model=in/out>', 'price of a model in US dollars per million tokens (repeatable; docs/backends.md)', collectFlag)
    .option('--threads <n>', 'CPU threads for in-process models', integerFlag(1))
    .option('--db <file>', `SQLite database the runs are stored in (default ${DEFAULT_DB})`)
    .option('--port <n>', `port (default ${DEFAULT_SERVE_PORT}; 0 picks a free one)`, integerFlag(0), DEFAULT_SERVE_PORT)
    .option('--host <address>', 'address to bind; anything but loopback lets other machines run (and pay for) your agents', '127.0.0.1')
    .option('--token <token>', `bearer token every request must send as its API key (default: $${SERVE_TOKEN_ENV}; never stored)`)
    .action(async (options) => {
      const file: RunFileRequest | undefined = options.config === undefined ? undefined : await loadRunFile(options.config);
      const protocol = options.protocol ?? file?.protocol;
      if (protocol === undefined) throw new ConfigError('no protocol given', 'pass --protocol <preset> or put "protocol:" in the run file');
      const configured = options.agent?.map((text) => parseAgentSpec(text, { source: '--agent' })) ?? file?.agents ?? [];
      const judge = options.judge === undefined ? file?.judge : parseAgentSpec(options.judge, { source: '--judge', allowPersona: false });
      const backend = options.backend ?? file?.backend ?? backendFromEnv() ?? DEFAULT_BACKEND_SPEC;
      const decoding = {
        ...file?.decoding,
        ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
        ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
      };
      const fileCount = options.agent === undefined ? file?.count : undefined;
      const flagPrices = options.price?.map(parsePriceAssignment);
      const prices = file?.prices === undefined && flagPrices === undefined ? undefined : { ...file?.prices, ...Object.fromEntries(flagPrices ?? []) };
      const token = options.token ?? (process.env[SERVE_TOKEN_ENV] === undefined || process.env[SERVE_TOKEN_ENV] === '' ? undefined : process.env[SERVE_TOKEN_ENV]);
      const db = options.db ?? file?.db ?? DEFAULT_DB;
      await withStore(db, async (store) => {
        const server = await startServe({
          store,
          protocol,
          overrides: { ...file?.overrides, ...(options.rounds === undefined ? {} : { rounds: options.rounds }) },
          ...(file?.escalate === undefined ? {} : { escalate: file.escalate }),
          // as `quorum run`: the configured agents, then agents on the default backend; presets with fixed roles get one per role
          agentsFor: (factory) => {
            const count = options.agents ?? fileCount ?? (configured.length === 0 ? factory.roles?.length : undefined);
            return resolveAgentList({ agents: configured, ...(count === undefined ? {} : { count }), backend, decoding });
          },
          ...(judge === undefined ? {} : { judge }),
          seed: options.seed ?? file?.seeds?.[0] ?? 1,
          concurrency: options.concurrency ?? file?.concurrency ?? 4,
          ...(prices === undefined ? {} : { prices }),
          ...(options.threads === undefined ? {} : { llama: { threads: options.threads } }),
          host: options.host,
          port: options.port,
          ...(token === undefined ? {} : { token }),
        });
        process.stdout.write(`quorum serve: OpenAI-compatible API on ${server.baseUrl} (model ${protocol}; GET /v1/models lists the others; store ${db}${token === undefined ? '' : '; bearer token required'}) — Ctrl-C to stop\n`);
        if (!server.loopback) process.stderr.write(`warning: bound to ${options.host}: anyone who can reach this machine can run your agents${token === undefined ? ' (no --token set)' : ''}\n`);
        await untilStopped();
        const runs = await server.session.runIds();
        await server.close();
        const stored = Object.entries(runs);
        process.stdout.write(stored.length === 0 ? 'no request was served: no run stored\n' : `stored: ${stored.map(([preset, runId]) => `${preset} → ${runId}`).join(', ')} (quorum show <run-id>${db === DEFAULT_DB ? '' : ` --db ${db}`})\n`);
      });
    });
}
