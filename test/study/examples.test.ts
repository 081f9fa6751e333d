/**
 * The example studies in examples/ validate as written and resolve against
 * the shared data (skipped where a file is absent). The DeALOG example may
 * name protocols that are still being written; nothing else may be wrong.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { protocolNames } from '../../src/protocols/registry.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { hasSharedData } from '../datasets/shared-data-path.js';
import { parseStudyFile } from '../../src/study/load-study-file.js';
import { loadStudy, resolveStudyFile } from '../../src/study/resolve-study.js';
import { StudyFileError } from '../../src/study/study-file-error.js';

const example = (name: string) => join(REPO_ROOT, 'examples', name);

describe('example studies', () => {
  it('the CARA design: ni, du, gdp on 50 sampled MedQA questions × 5 seeds', { skip: !hasSharedData('medqa', 'phrases_no_exclude_test.jsonl') && 'shared MedQA sample absent' }, async () => {
    const study = await loadStudy(example('cara-medqa.study.yaml'), {});
    assert.deepEqual(study.config.protocols.map((protocol) => protocol.preset), ['ni', 'du', 'gdp']);
    assert.deepEqual(study.config.seeds, [1, 2, 3, 4, 5]);
    assert.equal(study.config.datasets[0]!.questionIds.length, 50);
    assert.equal(study.config.setups[0]!.agents[0]!.backend, 'openai:qwen2.5:7b-instruct@http://127.0.0.1:11434/v1');
    const again = await loadStudy(example('cara-medqa.study.yaml'), {});
    assert.equal(again.id, study.id, 'the same file and data give the same study id');
    const other = await loadStudy(example('cara-medqa.study.yaml'), { QUORUM_STUDY_MODEL: 'llama3.1:8b' });
    assert.notEqual(other.id, study.id, 'another model is another study');
  });

  it('the protocol study: ni, wr, cr, ra-cr on 20 FRED events × 5 seeds with a judge', { skip: !hasSharedData('fred_sticky_cpi', 'CORESTICKM159SFRBATL.csv') && 'shared FRED file absent' }, async () => {
    const study = await loadStudy(example('protocols-fred.study.yaml'), {});
    assert.deepEqual(study.config.cells.map((cell) => cell.protocol), ['ni', 'wr', 'cr', 'ra-cr']);
    assert.equal(study.config.datasets[0]!.questionIds.length, 20);
    // the selection each run records: the file's window and events, defaults filled in (docs/forecasting.md)
    assert.deepEqual(study.config.datasets[0]!.forecast, { window: 12, events: 20 });
    assert.equal(study.config.setups.length, 1);
    assert.equal(study.config.setups[0]!.judge?.decoding?.temperature, 0);
    assert.ok(study.config.protocols.every((protocol) => protocol.overrides.aggregate === 'median'));
  });

  it("the protocol study declares the paper's H1 and H2 as one one-sided Bonferroni family", () => {
    const file = parseStudyFile(readFileSync(example('protocols-fred.study.yaml'), 'utf8'), 'protocols-fred.study.yaml', {});
    assert.deepEqual(file.hypotheses.map((hypothesis) => [hypothesis.id, hypothesis.metric, hypothesis.treatment, hypothesis.control]), [['H1', 'prr', 'wr', 'cr'], ['H2', 'cf', 'ra-cr', 'cr']]);
    assert.deepEqual(file.families, [{ name: 'protocol-paper', correction: 'bonferroni', alternative: 'greater', members: ['H1', 'H2'] }]);
  });

  it('DeALOG robustness: four corruption levels of FinQA, only not-yet-registered protocols may be unknown', { skip: !hasSharedData('finqa', 'dev.json') && 'shared FinQA file absent' }, async () => {
    const text = readFileSync(example('dealog-robustness.study.yaml'), 'utf8');
    const pending = ['dealog', 'cot', 'planner', 'plan-log'].filter((name) => !protocolNames().includes(name));
    let file;
    try {
      file = parseStudyFile(text, 'dealog-robustness.study.yaml', {});
      assert.deepEqual(pending, []);
    } catch (error) {
      assert.ok(error instanceof StudyFileError);
      for (const problem of error.problems) assert.match(problem.message, new RegExp(`^(unknown protocol |)"(${pending.join('|')})"`));
      // Without the pending protocols (and the comparisons naming them) the file must be valid.
      const data = parse(text) as { protocols: string[]; comparisons: { baseline?: string; pairs?: string[][] } };
      data.protocols = data.protocols.filter((name) => !pending.includes(name));
      data.comparisons.pairs = data.comparisons.pairs?.filter((pair) => !pair.some((name) => pending.includes(name)));
      if (data.comparisons.pairs?.length === 0) delete data.comparisons.pairs;
      if (pending.includes(data.comparisons.baseline ?? '')) delete data.comparisons.baseline;
      const reduced = stringify(data);
      file = parseStudyFile(reduced, 'dealog-robustness.study.yaml', {});
    }
    // every metric of the DeALOG paper is a study metric: EM, verifier detection, faithfulness, latency
    assert.deepEqual(file.comparisons.metrics, ['em', 'accuracy', 'verifier_detection', 'faithfulness', 'latency_ms', 'wall_ms', 'tokens', 'cost_usd']);
    const study = await resolveStudyFile(file, example('dealog-robustness.study.yaml'));
    const [clean, , , worst] = study.config.datasets;
    assert.deepEqual(study.config.datasets.map((dataset) => dataset.corruption?.rate ?? 0), [0, 0.1, 0.2, 0.3]);
    assert.deepEqual(study.config.datasets.map((dataset) => dataset.runName), ['finqa', 'finqa+corrupt(p=0.1,seed=1)', 'finqa+corrupt(p=0.2,seed=1)', 'finqa+corrupt(p=0.3,seed=1)'], 'named as quorum run --corrupt names them');
    assert.deepEqual(worst!.questionIds, clean!.questionIds, 'the same questions at every level');
    assert.notEqual(worst!.contentHash, clean!.contentHash, 'with a different context');
    const corrupted = study.questions.get('finqa-c30')!.map((question) => question.meta?.['corruption'] as { changes: number });
    assert.ok(corrupted.reduce((sum, entry) => sum + entry.changes, 0) > 0);
  });
});
