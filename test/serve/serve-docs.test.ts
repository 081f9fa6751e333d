import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import { collect, REPO_ROOT, spawnCli } from '../helpers/cli.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { docCommands } from '../helpers/doc-commands.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';

const run = promisify(execFile);
const DOC_URL = 'http://127.0.0.1:8471/v1';
const serveCommands = docCommands(REPO_ROOT).filter((command) => command.args[0] === 'serve' && !command.synopsis);
const dir = mkdtempSync(join(tmpdir(), 'quorum-serve-docs-'));
let fake: FakeOpenAiServer;

before(async () => {
  // GDP turns ask for JSON (a schema-valid step, with a stance from round 1 on); free-text turns get text
  const gdpStep = (round: number) => ({ claim: 'Paris is the capital of France.', ground: 'The French constitution seats the government there.', ...(round > 0 ? { stance: { peer: null, type: null, target: null, counterGround: null } } : {}) });
  fake = await FakeOpenAiServer.start({
    fallback: (request) => {
      const schema = request.body.response_format?.json_schema?.schema as { properties?: { steps?: { items?: { required?: string[] } } } } | undefined;
      if (schema === undefined) return { kind: 'reply', text: 'Reasoning.\nAnswer: Paris', promptTokens: 20, completionTokens: 5 };
      const round = schema.properties?.steps?.items?.required?.includes('stance') === true ? 1 : 0;
      return { kind: 'reply', text: JSON.stringify({ steps: [gdpStep(round)], answer: 'Paris' }), promptTokens: 20, completionTokens: 5 };
    },
  });
  // the run file of `quorum serve --config run.yaml`, as `quorum init` writes it, on the test server
  const init = await runInProcess(['init', '--backend', `openai:doc-model@${fake.url}`, '--dir', dir]);
  assert.equal(init.code, 0, init.stderr);
});
after(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts a documented `quorum serve` command on a free port, its servers replaced by the test server; resolves with its base URL. */
async function startDocumented(args: readonly string[], index: number) {
  const localized = args.map((arg) => (/^(?:ollama|vllm):[^@]+$/.test(arg) ? `${arg}@${fake.url}` : arg === 'run.yaml' ? join(dir, 'run.yaml') : arg));
  const child = spawnCli([...localized, '--port', '0', '--db', join(dir, `serve-${index}.db`)]);
  const output = collect(child);
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = once(child, 'exit');
  while (!/\/v1 /.test(printed)) {
    const next = await Promise.race([once(child.stdout!, 'data'), exited.then(() => 'exit' as const)]);
    if (next === 'exit') assert.fail(`quorum ${args.join(' ')} stopped: ${(await output).stderr}`);
  }
  const baseUrl = /(http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(printed)![1]!;
  const model = /\(model (\S+);/.exec(printed)![1]!;
  return { child, output, baseUrl, model };
}

describe('the quorum serve commands of README.md and docs/serve.md serve as pasted', () => {
  it('finds them', () => {
    assert.ok(serveCommands.some((command) => command.file === 'README.md'), 'README has no quorum serve example');
    assert.ok(serveCommands.filter((command) => command.file === 'docs/serve.md').length >= 3);
  });

  serveCommands.forEach((command, index) => {
    it(`${command.file}:${command.line} quorum ${command.args.join(' ')}`, async () => {
      const server = await startDocumented(command.args, index);
      try {
        const client = new OpenAI({ baseURL: server.baseUrl, apiKey: 'none', maxRetries: 0 });
        const reply = await client.chat.completions.create({ model: server.model, messages: [{ role: 'user', content: 'What is the capital of France?' }] });
        assert.equal(reply.choices[0]!.message.content, 'Paris');
      } finally {
        server.child.kill('SIGTERM');
      }
      const result = await server.output;
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /stored: \S+ → run-/);
    });
  });
});

describe('the client examples of docs/serve.md', () => {
  const doc = readFileSync(join(REPO_ROOT, 'docs/serve.md'), 'utf8');

  it('curl and the JavaScript SDK example get the answer', async () => {
    const server = await startDocumented(['serve', '--protocol', 'du', '--backend', 'ollama:qwen2.5'], 99);
    try {
      const curl = /```bash\n(curl [\s\S]*?)\n```/.exec(doc)![1]!.replaceAll(DOC_URL, server.baseUrl);
      const { stdout } = await run('bash', ['-c', curl]);
      assert.equal((JSON.parse(stdout) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content, 'Paris');
      const js = /```js\n([\s\S]*?)\n```/.exec(doc)![1]!.replaceAll(DOC_URL, server.baseUrl);
      // run from the repository so that `openai` resolves; the example prints content, usage and run id
      const child = spawn(process.execPath, ['--input-type=module', '-e', js], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      const printed = await collect(child);
      assert.equal(printed.code, 0, printed.stderr);
      assert.match(printed.stdout, /^Paris \{[\s\S]*prompt_tokens[\s\S]*\} run-\S+\n$/);
    } finally {
      server.child.kill('SIGTERM');
    }
    assert.equal((await server.output).code, 0);
  });
});
