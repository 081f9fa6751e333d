import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { ReactTableProtocol, readReactStep } from '../../src/protocols/baselines/react-table-protocol.js';
import { getProtocolFactory } from '../../src/protocols/registry.js';
import { rebuildProtocol } from '../../src/queue/rebuild-protocol.js';
import { poseQuestion, type Question } from '../../src/spec/question.js';
import type { RunConfig } from '../../src/spec/run-config.js';
import type { ProtocolEventInput } from '../../src/spec/trace.js';
import { runSql, SqlTableError, tableAsSql } from '../../src/tools/tables/sql-table.js';
import { hashValue } from '../../src/util/hash.js';
import { withModelCalls } from '../../src/protocols/model-call.js';

// A WikiTableQuestions-style table written for this test
const table = {
  id: 'table',
  header: ['Year', 'Team', 'Goals'],
  rows: [
    ['2001', 'Ajax', '1,204'],
    ['2002', 'PSV', '17'],
    ['2003', 'Ajax', '9'],
    ['2004', 'Feyenoord', 'n/a'],
  ],
};
const question: Question = { id: 'wtq-1', prompt: 'how many seasons did the player spend at ajax?', context: { tables: [table] }, gold: { kind: 'text', value: '2' } };

type Turn = Extract<ProtocolEventInput, { type: 'turn' }>;

async function run(replies: string[], params: Record<string, unknown> = {}) {
  const backend = new ScriptedBackend({ replies });
  const events: ProtocolEventInput[] = [];
  await new ReactTableProtocol(params).run(withModelCalls({ question: poseQuestion(question), sameAnswer: (a, b) => a === b, agents: [{ name: 'Solver', backend, decoding: { temperature: 0 } }], seed: 1, emit: (event) => events.push(event) }));
  const final = events.find((event) => event.type === 'final');
  return { backend, turns: events.filter((event): event is Turn => event.type === 'turn'), final: final?.type === 'final' ? final : undefined };
}

describe('the SQL table tool (ReAcTable\'s executor on SQLite)', () => {
  it('loads the table as DF, numeric columns as numbers and null markers as NULL, and runs one query', () => {
    const sql = tableAsSql(table);
    assert.deepEqual(sql.columns, ['year', 'team', 'goals']);
    // "1,204" reads as 1204 once the grouping comma goes; "n/a" is NULL (ReAcTable's normalize_data_frame)
    assert.deepEqual(sql.rows[0], [2001, 'Ajax', 1204]);
    assert.equal(sql.rows[3]![2], null);
    // 1204 + 17 + 9 = 1230 (SUM skips NULL)
    assert.deepEqual(runSql(sql, 'SELECT SUM(goals) AS total FROM DF;'), { columns: ['total'], rows: [[1230]] });
    assert.deepEqual(runSql(sql, "SELECT year FROM DF WHERE team = 'Ajax'").rows, [[2001], [2003]]);
  });

  it('refuses what is not one query, naming why', () => {
    const sql = tableAsSql(table);
    assert.throws(() => runSql(sql, 'DELETE FROM DF'), (error: unknown) => error instanceof SqlTableError && /only a query/.test(error.message) && error.code === 'SQL_TABLE');
    assert.throws(() => runSql(sql, 'SELECT nope FROM DF'), /the SQL does not run: no such column: nope/);
  });
});

describe('react-table (ReAcTable, Zhang et al. 2024)', () => {
  it('reads steps as ReAcTable does: the type before the first ":", the body in ``` fences', () => {
    assert.deepEqual(readReactStep("SQL: ```SELECT * FROM DF WHERE team = 'Ajax'```."), { type: 'SQL', body: "SELECT * FROM DF WHERE team = 'Ajax'" });
    assert.deepEqual(readReactStep('Answer: ```2```.'), { type: 'Answer', body: '2' });
  });

  it('who saw what and message layout: each step\'s result is the table of the next prompt, which grows', async () => {
    const { turns, backend, final } = await run(["SQL: ```SELECT * FROM DF WHERE team = 'Ajax'```.", 'SQL: ```SELECT COUNT(*) AS seasons FROM DF```.', 'Answer: ```2```.']);
    assert.deepEqual(turns.map((turn) => `${turn.round}: ${turn.saw.map((ref) => ref.round).join(' ')}`), ['0: ', '1: 0', '2: 0 1']);
    assert.equal(final?.answer.value, '2');
    assert.equal(final?.roundsRun, 3);
    // the template of tabqa/GptCOTPrompter.py, then (after a step) prompt + "\n" + step + "```.\n\n" + the template with the new DF
    const first = backend.calls[0]!.messages[0]!.content;
    assert.match(first, /The database table DF is shown as follows:\nTable "DF": 4 rows, columns "year", "team", "goals"/);
    assert.match(first, /Answer the following question based on the data above: "how many seasons did the player spend at ajax\?"\. Execute SQL step-by-step and finally answer the question\. Choose from generating a SQL or directly answering the question\.\n$/);
    const third = backend.calls[2]!.messages[0]!.content;
    assert.ok(third.startsWith(backend.calls[1]!.messages[0]!.content), 'the prompt grows');
    assert.match(third, /\nSQL: ```SELECT COUNT\(\*\) AS seasons FROM DF```\.\n\nThe database table DF is shown as follows:\nTable "DF": 1 rows, columns "seasons"\n\| row \| seasons \|\n\| --- \| --- \|\n\| 0 \| 2 \|/);
    // the second step ran on the first step's result (2 Ajax rows), so COUNT(*) = 2, not 4
  });

  it('a query with no rows falls back to earlier tables; one that fails everywhere forces the answer', async () => {
    // the second query finds nothing in the Ajax-only table, but rows in the original one
    const fallback = await run(["SQL: ```SELECT * FROM DF WHERE team = 'Ajax'```.", "SQL: ```SELECT * FROM DF WHERE team = 'PSV'```.", 'Answer: ```1```.']);
    assert.match(fallback.backend.calls[2]!.messages[0]!.content, /\| 0 \| 2002 \| PSV \| 17 \|/);
    const forced = await run(['SQL: ```SELECT nope FROM DF```.', '3']);
    assert.match(forced.backend.calls[1]!.messages[0]!.content, /SQL: ```SELECT nope FROM DF```\.\nAnswer: ```$/);
    assert.equal(forced.final?.answer.value, '3');
    assert.deepEqual(forced.turns[1]!.parsed.warnings, ['answer forced: the query failed on every table']);
  });

  it('Python steps are not executed (quorum has no Python executor): the answer is forced', async () => {
    const { backend, final } = await run(['Python: ```DF["x"] = 1```.', 'Ajax']);
    assert.equal(backend.calls.length, 2);
    assert.equal(final?.answer.value, 'Ajax');
  });

  it('forces the answer at the iteration limit (ReAcTable\'s iteration_max_limit = 5 calls)', async () => {
    const query = 'SQL: ```SELECT * FROM DF```.';
    const { backend, final } = await run([query, query, query, query, '4']);
    assert.equal(backend.calls.length, 5);
    assert.match(backend.calls[4]!.messages[0]!.content, /\nAnswer: ```$/);
    assert.equal(final?.answer.value, '4');
    const short = await run([query, '4'], { maxIterations: 2 });
    assert.equal(short.backend.calls.length, 2);
  });

  it('--rounds sets the iteration limit; a worker rebuilds it from the recorded parameters', () => {
    const protocol = getProtocolFactory('react-table').create({ overrides: { rounds: 3 } });
    assert.equal(protocol.params['maxIterations'], 3);
    const config = { protocol: { name: 'react-table', preset: 'react-table', params: { ...protocol.params } } } as unknown as RunConfig;
    assert.equal(hashValue(rebuildProtocol(config).params), hashValue(protocol.params));
  });
});
