/**
 * scripts/mad-to-du-results.ts: MAD debate logs → Du et al.'s results layout,
 * as used to build the held-out part of fixtures/nli-debate. The debate file
 * below is written by hand in MAD's layout (its field names as in
 * `MAD_Debate_Process/<n>.json`); the expected output is read off it by hand.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'quorum-mad-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function convert(...files: string[]): ReturnType<typeof spawnSync> {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mad-to-du-results.ts', ...files], { cwd: root, encoding: 'utf8' });
}

const debate = {
  model_name: 'gpt-3.5-turbo',
  source: '他很穷。',
  'correct reference': 'He is very poor.',
  'base translation': 'He is very poor.',
  players: {
    'Affirmative side': [
      { role: 'system', content: 'You are a debater.' },
      { role: 'assistant', content: 'He is very poor.' },
      { role: 'assistant', content: 'I still believe that "He is very poor" is the correct translation.' },
    ],
    'Negative side': [
      { role: 'system', content: 'You are a debater.' },
      { role: 'assistant', content: 'I disagree. I believe the correct translation of the Chinese text "他很穷" is "He is broke."\n\nReasons follow.' },
      { role: 'assistant', content: 'I still believe that "He is broke" is the correct translation.' },
    ],
    Moderator: [{ role: 'assistant', content: '{}' }],
  },
};

describe('mad-to-du-results', () => {
  it('keeps the two debaters as agents, the reference as gold, and the translation each side defends as its answer', () => {
    const file = join(dir, '7.json');
    writeFileSync(file, JSON.stringify(debate));
    const result = convert(file);
    assert.equal(result.status, 0, String(result.stderr));
    const converted = JSON.parse(String(result.stdout)) as Record<string, [{ role: string; content: string }[][], string, (string | null)[]]>;
    const [question, entry] = Object.entries(converted)[0]!;
    assert.equal(question, '7.json: What is the correct English translation of the following Chinese text: "他很穷。"');
    const [contexts, gold, answers] = entry;
    assert.equal(contexts.length, 2, 'the moderator is not an agent');
    assert.equal(contexts[1]!.at(-1)!.content, 'I still believe that "He is broke" is the correct translation.');
    assert.equal(gold, 'He is very poor.');
    // Affirmative: its base translation; negative: the quoted translation after "… is" in its first reply.
    assert.deepEqual(answers, ['He is very poor.', 'He is broke.']);
  });

  it('names the file and the missing field of a malformed debate', () => {
    const file = join(dir, 'broken.json');
    const { players, ...rest } = debate;
    writeFileSync(file, JSON.stringify({ ...rest, players: { 'Affirmative side': players['Affirmative side'] } }));
    const result = convert(file);
    assert.notEqual(result.status, 0);
    assert.match(String(result.stderr), /broken\.json: field "players\.Negative side" is missing \(expected a list of chat messages\)/);
  });
});
