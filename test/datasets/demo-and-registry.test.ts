import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEMO_QUESTIONS } from '../../src/datasets/demo-questions.js';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { datasetNames, getDataset } from '../../src/datasets/registry.js';
import { parseMcqAnswer } from '../../src/parsing/mcq-answer.js';
import { ConfigError } from '../../src/spec/errors.js';
import { questionSchema } from '../../src/spec/question.js';

describe('demo questions', () => {
  it('are ten valid four-option questions with ids demo-01 … demo-10', () => {
    assert.equal(DEMO_QUESTIONS.length, 10);
    DEMO_QUESTIONS.forEach((question, index) => {
      questionSchema.parse(question);
      assert.equal(question.id, `demo-${String(index + 1).padStart(2, '0')}`);
      assert.deepEqual(Object.keys(question.options ?? {}), ['A', 'B', 'C', 'D']);
      assert.equal(question.gold.kind, 'choice');
      assert.ok(question.gold.kind === 'choice' && question.options?.[question.gold.value] !== undefined);
      assert.equal(new Set(Object.values(question.options ?? {})).size, 4, `${question.id}: option texts differ`);
    });
    assert.equal(new Set(DEMO_QUESTIONS.map((question) => question.prompt)).size, 10);
  });

  it("answering with the gold option's text parses to the gold letter", () => {
    for (const question of DEMO_QUESTIONS) {
      if (question.gold.kind !== 'choice') continue;
      const text = question.options?.[question.gold.value] ?? '';
      assert.equal(parseMcqAnswer(`Final answer: ${text}`, question.options ?? {}).value, question.gold.value, question.id);
    }
  });

  it('load as builtin:demo, honour the limit and return copies', async () => {
    const loaded = await loadQuestions({ dataset: 'demo', limit: 3 });
    assert.equal(loaded.name, 'demo');
    assert.equal(loaded.path, 'builtin:demo');
    assert.deepEqual(
      loaded.questions.map((question) => question.id),
      ['demo-01', 'demo-02', 'demo-03'],
    );
    loaded.questions[0]!.prompt = 'changed';
    assert.notEqual(DEMO_QUESTIONS[0]!.prompt, 'changed');
    assert.equal((await loadQuestions({ path: 'builtin:demo' })).questions.length, 10);
    await assert.rejects(loadQuestions({ dataset: 'demo', path: 'questions.jsonl' }), ConfigError);
  });
});

describe('dataset registry', () => {
  it('knows every built-in format', () => {
    assert.deepEqual(datasetNames(), ['medqa', 'generic', 'demo', 'fred', 'finqa', 'tatqa', 'wtq', 'fetaqa', 'mmqa', 'gsm8k', 'mmlu', 'medmcqa', 'pubmedqa', 'medthink', 'crtqa']);
    assert.equal(getDataset('MedQA').name, 'medqa');
  });

  it('lists the known datasets for an unknown name', () => {
    assert.throws(
      () => getDataset('medthink-v9'),
      (error: unknown) => error instanceof ConfigError && error.message === 'unknown dataset "medthink-v9"' && error.hint === `known datasets: ${datasetNames().join(', ')}`,
    );
  });

  it('rejects bad requests with ConfigError', async () => {
    await assert.rejects(loadQuestions({}), ConfigError);
    await assert.rejects(loadQuestions({ dataset: 'demo', limit: 0 }), /limit must be a positive whole number/);
    await assert.rejects(loadQuestions({ dataset: 'demo', limit: 1.5 }), ConfigError);
    await assert.rejects(loadQuestions({ path: 'questions.txt' }), /cannot tell the dataset format of questions\.txt from its extension/);
  });

  it('cannot detect a JSONL file of another format', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quorum-detect-'));
    try {
      const file = join(dir, 'other.jsonl');
      await writeFile(file, '{"premise": "a", "hypothesis": "b", "label": 0}\n');
      await assert.rejects(loadQuestions({ path: file }), (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /first record has fields premise, hypothesis, label/);
        assert.ok((error.hint ?? '').includes(`--dataset <name> (${datasetNames().join(', ')})`));
        return true;
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
