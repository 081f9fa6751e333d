/**
 * `npm run bench` rewrites the figures at the top of BENCHMARKS.md and must
 * keep everything written after the findings: the standalone benchmarks'
 * marked sections and the hand-written text between them. Expected strings
 * are the inputs themselves (what was written must come back unchanged).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keptStandaloneSections } from '../../bench/render-report.js';

const handWritten = '### Before and after: the first screen\n\nMeasured back to back on one store.';
const previous = [
  '# Benchmarks',
  '## Results',
  '| 1 | old figure |',
  '## Findings',
  '<!-- findings:start -->',
  'a finding',
  '<!-- findings:end -->',
  '',
  '<!-- viewer:start -->',
  '## Viewer',
  '<!-- viewer:end -->',
  '',
  handWritten,
  '',
  '<!-- scale-out:start -->',
  '## Scale-out',
  '<!-- scale-out:end -->',
  '',
].join('\n');

describe('keptStandaloneSections', () => {
  it('keeps the marked sections after the findings and the hand-written text between them, in order', () => {
    const kept = keptStandaloneSections(previous);
    assert.ok(kept.includes(handWritten), 'the hand-written subsection after the viewer section is kept');
    assert.ok(kept.indexOf('<!-- viewer:end -->') < kept.indexOf(handWritten) && kept.indexOf(handWritten) < kept.indexOf('<!-- scale-out:start -->'));
    assert.ok(!kept.includes('old figure') && !kept.includes('a finding'), 'the figures and the findings are rendered elsewhere, not kept twice');
  });

  it('keeps only the marked sections of a file without a findings block', () => {
    const kept = keptStandaloneSections(['# Benchmarks', 'stray text', '<!-- viewer:start -->', '## Viewer', '<!-- viewer:end -->'].join('\n'));
    assert.equal(kept, '\n<!-- viewer:start -->\n## Viewer\n<!-- viewer:end -->\n');
  });

  it('keeps nothing when there was no file', () => {
    assert.equal(keptStandaloneSections(undefined), '');
  });
});
