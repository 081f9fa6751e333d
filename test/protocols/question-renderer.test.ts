import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { getProtocolFactory } from '../../src/protocols/registry.js';
import { executeUnit } from '../../src/runner/execute-unit.js';
import type { Question } from '../../src/spec/question.js';
import { fixedClock } from '../../src/util/clock.js';

const question: Question = {
  id: 'rev-2020',
  prompt: 'What was the revenue in 2020?',
  gold: { kind: 'number', value: 12 },
  context: {
    passages: [{ id: 'p1', title: 'Annual report', text: 'Revenue grew in 2020.' }],
    tables: [{ id: 'revenue', caption: 'Revenue by year', header: ['Year', 'Revenue'], rows: [['2019', '10'], ['2020', '12']] }],
    images: [{ id: 'chart', path: 'chart.png', caption: 'A bar chart of revenue by year' }],
  },
};

// Written by hand from renderTable's documented layout (src/tools/tables/render-table.ts): a heading, then a pipe table with a row-index column.
const TABLE = ['Table "revenue" (Revenue by year): 2 rows, columns "Year", "Revenue"', '| row | Year | Revenue |', '| --- | --- | --- |', '| 0 | 2019 | 10 |', '| 1 | 2020 | 12 |'].join('\n');
const PASSAGE = 'Passage "p1" (Annual report):\nRevenue grew in 2020.';
const CAPTION = 'Image "chart": A bar chart of revenue by year';

/** Every message text one protocol sends on the question (any reply will do: the prompts are what is compared). */
async function promptsOf(protocol: string): Promise<string> {
  const backend = new ScriptedBackend({ fallback: (request) => (request.responseFormat === undefined ? 'The table says 12.\nAnswer: 12' : JSON.stringify({ answer: '12', steps: [{ claim: 'revenue was 12', ground: 'table' }], facts: [], quotes: [] })) });
  const factory = getProtocolFactory(protocol);
  const names = factory.roles ?? ['Agent A', 'Agent B'];
  await executeUnit({ protocol: factory.create({}), question, agents: names.map((name) => ({ name, backend, decoding: {} })), seed: 1, clock: fixedClock() });
  return backend.calls.flatMap((call) => call.messages.map((message) => message.content)).join('\n\n');
}

describe('one question renderer for every protocol', () => {
  for (const protocol of ['du', 'cot', 'gdp', 'dealog']) {
    it(`${protocol}: the table reads exactly as every other protocol shows it`, async () => {
      assert.ok((await promptsOf(protocol)).includes(TABLE));
    });
  }
  for (const protocol of ['du', 'cot', 'gdp']) {
    it(`${protocol}: passages and image captions are shown`, async () => {
      const prompts = await promptsOf(protocol);
      assert.ok(prompts.includes(PASSAGE), 'passage');
      assert.ok(prompts.includes(CAPTION), 'caption');
    });
  }
  it("dealog's ContextAgent shows passages in the same form", async () => {
    assert.ok((await promptsOf('dealog')).includes(PASSAGE));
  });
});
