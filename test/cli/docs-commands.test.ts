import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Command } from '@commander-js/extra-typings';
import { buildProgram } from '../../src/cli/main.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { docCommands, type DocCommand } from '../helpers/doc-commands.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { runInProcess } from '../helpers/run-in-process.js';

const commands = docCommands(REPO_ROOT);

/** Makes every command with an action do nothing, so parsing checks the command line and nothing runs. */
function parseOnly(command: Command<unknown[], Record<string, unknown>>): void {
  if (command.commands.length === 0) command.action(() => undefined);
  command.configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  for (const sub of command.commands) parseOnly(sub as Command<unknown[], Record<string, unknown>>);
}

/** Parses a command line with every action replaced by a no-op. */
async function parse(args: readonly string[]): Promise<unknown> {
  const program = await buildProgram();
  parseOnly(program as unknown as Command<unknown[], Record<string, unknown>>);
  return program.parseAsync(['node', 'quorum', ...args]);
}

describe('every quorum command in README.md and docs/*.md', () => {
  it('finds the commands (the extraction itself works)', () => {
    assert.ok(commands.length >= 40, `only ${commands.length} commands found`);
    const readme = commands.filter((command) => command.file === 'README.md').map((command) => command.args[0]);
    for (const name of ['demo', 'run', 'init', 'protocols', 'datasets', 'runs', 'show', 'export', 'import', 'ui']) assert.ok(readme.includes(name), `README has no quorum ${name}`);
  });

  it('a command that drifted from the CLI fails the parse check', async () => {
    await assert.rejects(parse(['run', '--protocol', 'du', '--bogus']), /unknown option '--bogus'/);
    await assert.rejects(parse(['frobnicate']), /unknown command 'frobnicate'/);
  });

  for (const command of commands.filter((entry) => !entry.synopsis)) {
    it(`parses: ${command.file}:${command.line} quorum ${command.args.join(' ')}`, async () => {
      await assert.doesNotReject(parse(command.args), `${command.file}:${command.line}: ${command.text}`);
    });
  }
});

describe('README.md commands run as pasted (servers replaced by a local test server)', () => {
  const cwd = process.cwd();
  const dir = mkdtempSync(join(tmpdir(), 'quorum-readme-'));
  let server: FakeOpenAiServer;
  let lastRunId: string | undefined;
  before(async () => {
    // GDP turns ask for JSON: a schema-valid step (with a stance from round 1 on), free-text turns get text
    const gdpStep = (round: number) => ({ claim: 'Vitamin C deficiency causes scurvy.', ground: 'Collagen synthesis needs ascorbate.', ...(round > 0 ? { stance: { peer: null, type: null, target: null, counterGround: null } } : {}) });
    server = await FakeOpenAiServer.start({
      fallback: (request) => {
        const schema = request.body.response_format?.json_schema?.schema as { properties?: { steps?: { items?: { required?: string[] } } } } | undefined;
        if (schema === undefined) return { kind: 'reply', text: 'Reasoning.\nAnswer: B', promptTokens: 20, completionTokens: 5 };
        const round = schema.properties?.steps?.items?.required?.includes('stance') === true ? 1 : 0;
        return { kind: 'reply', text: JSON.stringify({ steps: [gdpStep(round)], answer: 'B' }), promptTokens: 20, completionTokens: 5 };
      },
    });
    process.chdir(dir);
  });
  after(async () => {
    process.chdir(cwd);
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The command with every server pointed at the test server and `<run-id>` filled in. */
  const localized = (command: DocCommand): string[] => {
    const args = command.args.map((arg) => (/^(?:ollama|vllm):[^@]+$/.test(arg) ? `${arg}@${server.url}` : arg === '<run-id>' ? lastRunId! : arg));
    // the demo's default in-process model is replaced by the server, as every backend is
    return args[0] === 'demo' ? [...args, '--backend', `openai:demo-model@${server.url}`] : args;
  };

  // `quorum ui` and `quorum serve` serve until stopped: test/web/ui-command.test.ts and test/serve/serve-docs.test.ts run them
  for (const command of commands.filter((entry) => entry.file === 'README.md' && !entry.synopsis && entry.args[0] !== 'ui' && entry.args[0] !== 'serve')) {
    it(`runs: quorum ${command.args.join(' ')}`, async () => {
      const saved = { model: process.env.OPENAI_MODEL, url: process.env.OPENAI_BASE_URL };
      if (command.env.OPENAI_MODEL !== undefined) Object.assign(process.env, { ...command.env, OPENAI_BASE_URL: server.url });
      try {
        const result = await runInProcess(localized(command));
        assert.equal(result.code, 0, `${command.text}\n${result.stderr}`);
        const runId = /^run (run-\S+)/m.exec(result.stdout)?.[1] ?? (/"runId":"(run-[^"]+)"/.exec(result.stdout)?.[1]);
        if (runId !== undefined) lastRunId = runId;
      } finally {
        for (const [name, value] of [['OPENAI_MODEL', saved.model], ['OPENAI_BASE_URL', saved.url]] as const) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
      }
    });
  }
});
