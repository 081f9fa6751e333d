/**
 * quorum's `du` against results files in the layout Du et al.'s scripts
 * write (`{question: [agent_contexts, gold]}`): each recorded reply is fed
 * back through the scripted backend, and every message quorum sends must
 * equal the recorded context (fixtures/du-results/README.md).
 *
 * The committed sample is written by us in that layout. Real files — model
 * text from other people's runs, not redistributable here — are checked
 * with QUORUM_DU_RESULTS=<file>[,<file>…].
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { checkDuResults, type DuResultsFile } from '../helpers/du-results.js';

const sample = JSON.parse(readFileSync(new URL('../../fixtures/du-results/du-format-sample.json', import.meta.url), 'utf8')) as DuResultsFile;
const external = (process.env['QUORUM_DU_RESULTS'] ?? '').split(',').filter((path) => path !== '');

describe('du replays results files of Du et al.’s layout', () => {
  it('the format sample: every message of both questions, 3 agents, their rounds = 2', async () => {
    const checks = await checkDuResults(sample);
    assert.deepEqual(
      checks.map(({ wording, agents, rounds, exact, structure }) => ({ wording, agents, rounds, exact, structure })),
      [
        { wording: 'mmlu', agents: 3, rounds: 1, exact: true, structure: true },
        { wording: 'gsm', agents: 3, rounds: 1, exact: true, structure: true },
      ],
    );
  });

  it('a changed peer order is caught', async () => {
    const [key, [contexts, gold]] = Object.entries(sample)[0]!;
    const swapped = contexts.map((context) => context.map((message) => ({ ...message })));
    // agent A's debate message with its two peers in the other order
    const peers = [contexts[1]![1]!.content, contexts[2]![1]!.content];
    swapped[0]![2]!.content = swapped[0]![2]!.content.replace(peers[0]!, '\u0000').replace(peers[1]!, peers[0]!).replace('\u0000', peers[1]!);
    const [check] = await checkDuResults({ [key]: [swapped, gold] });
    assert.equal(check!.exact, false);
    assert.equal(check!.structure, false);
    assert.match(check!.difference ?? '', /^agent 0, round 1, message 2:/);
  });

  for (const path of external) {
    it(`${path}: quorum sends the recorded messages`, async () => {
      const checks = await checkDuResults(JSON.parse(readFileSync(path, 'utf8')) as DuResultsFile);
      const failed = checks.filter((check) => !check.structure);
      assert.deepEqual(failed.map((check) => check.difference ?? check.key), [], `${checks.length - failed.length} of ${checks.length} questions match in structure`);
    });
  }
});
