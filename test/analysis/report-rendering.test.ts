/**
 * The report of a finished study, checked structurally: every table in the
 * Markdown, the HTML and as a CSV; every chart a well-formed SVG with its
 * marks; the HTML self-contained; missing metrics labelled n/a.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { reportJson, type StudyReport } from '../../src/analysis/study-report.js';
import { buildStudyReport } from '../../src/study/build-study-report.js';
import { writeStudyReport, type WrittenReport } from '../../src/analysis/write-report.js';
import { openStore } from '../../src/store/open-store.js';
import { loadStudy } from '../../src/study/resolve-study.js';
import { runStudy } from '../../src/study/run-study.js';
import { designedAuditProviders, miniStudyYaml, startDesignedServer, writeDesignedQuestions } from '../study/designed-server.js';
import { countMarks, parseSvg } from './svg-marks.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-study-report-'));
let report: StudyReport;
let written: WrittenReport;
const TABLES = ['runs', 'protocols-outcomes', 'protocols-alignment', 'protocols-dynamics', 'protocols-cost', 'protocols-other', 'protocols-latency', 'comparisons', 'hypotheses', 'audits', 'failure-modes', 'cf-by-round'];

before(async () => {
  const server = await startDesignedServer();
  const store = await openStore(join(dir, 'report.db'));
  try {
    writeDesignedQuestions(dir);
    writeFileSync(join(dir, 'study.yaml'), miniStudyYaml(server.url, 'hypotheses:\n  - { id: H1, metric: agreement, treatment: du, control: ni, alternative: greater }\n'));
    const outcome = await runStudy({ store, study: await loadStudy(join(dir, 'study.yaml')), createAuditProviders: designedAuditProviders });
    report = await buildStudyReport(store, (await store.getStudy(outcome.studyId))!);
    written = await writeStudyReport(report, join(dir, 'out'));
  } finally {
    await store.close();
    await server.close();
  }
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Parses our CSV (quoted fields allowed). */
function readCsv(path: string): string[][] {
  const rows: string[][] = [];
  for (const line of readFileSync(path, 'utf8').split('\r\n').filter((entry) => entry !== '')) {
    rows.push([...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].slice(0, -1).map((match) => match[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')));
  }
  return rows;
}

describe('study report files', () => {
  it('writes Markdown, HTML, JSON, a CSV per table and an SVG plus spec per drawn chart', () => {
    assert.deepEqual(readdirSync(join(dir, 'out', 'tables')).sort(), TABLES.map((id) => `${id}.csv`).sort());
    assert.deepEqual(readdirSync(join(dir, 'out', 'charts')).sort(), ['accuracy-cost.svg', 'accuracy-cost.vl.json', 'consistency-quadrant.svg', 'consistency-quadrant.vl.json', 'failure-modes.svg', 'failure-modes.vl.json']);
    assert.ok(written.files.includes('report.md') && written.files.includes('report.html') && written.files.includes('report.json'));
  });

  it('has every table in the Markdown with its CSV link, and names what is missing', () => {
    const markdown = readFileSync(join(dir, 'out', 'report.md'), 'utf8');
    for (const table of report.tables) {
      assert.ok(markdown.includes(`## ${table.title}\n`), table.title);
      assert.ok(markdown.includes(`| ${table.headers.join(' | ')} |`), `${table.id} header row`);
      assert.ok(markdown.includes(`(tables/${table.id}.csv)`), `${table.id} CSV link`);
    }
    assert.match(markdown, /!\[Accuracy vs cost\]\(charts\/accuracy-cost\.svg\)/);
    assert.match(markdown, /Consensus formation \(CF\) by round\n\nNot drawn: no numeric answers/);
    assert.match(markdown, /\| ni \| 0\.667 \[0\.667, 0\.667\] \(4\) \| 0\.250 /);
    assert.match(markdown, /cost \/ unit \(USD\) \[95% CI\] \(n\) \|/);
    assert.ok(markdown.includes('| n/a |'), 'cost without prices is n/a');
    assert.match(markdown, /## Warnings\n\n- CARA figures use fallback models/);
    assert.match(markdown, /```yaml\nname: mini\n/);
  });

  it('writes one self-contained HTML file: inline CSS and SVG, every table, no external resource', () => {
    const html = readFileSync(join(dir, 'out', 'report.html'), 'utf8');
    for (const id of TABLES) assert.ok(html.includes(`<table id="table-${id}">`), id);
    assert.equal(html.match(/<svg[\s>]/g)?.length, 3);
    assert.match(html, /<style>[\s\S]+<\/style>/);
    assert.doesNotMatch(html, /<script|<link|<img|<iframe|\ssrc=|href="(?!#)|url\(/i);
  });

  it('draws each chart as a valid SVG with a mark per protocol', () => {
    const marks = (id: string) => countMarks(parseSvg(readFileSync(join(dir, 'out', 'charts', `${id}.svg`), 'utf8')));
    assert.deepEqual(marks('accuracy-cost'), { rule: 3, symbol: 3, text: 3 });
    assert.deepEqual(marks('consistency-quadrant'), { rule: 2, symbol: 3, text: 3 });
    assert.deepEqual(marks('failure-modes'), { rect: 18 });
    const spec = JSON.parse(readFileSync(join(dir, 'out', 'charts', 'accuracy-cost.vl.json'), 'utf8'));
    assert.equal(spec.data.values.length, 3);
  });

  it('keeps full precision and empty missing values in the CSVs', () => {
    const outcomes = readCsv(join(dir, 'out', 'tables', 'protocols-outcomes.csv'));
    assert.deepEqual(outcomes[0], ['protocol', 'accuracy', 'accuracy_low', 'accuracy_high', 'accuracy_n', 'agreement', 'agreement_low', 'agreement_high', 'agreement_n', 'abs_error', 'abs_error_low', 'abs_error_high', 'abs_error_n']);
    assert.deepEqual(outcomes[1]!.slice(0, 5), ['ni', String(2 / 3), String(2 / 3), String(2 / 3), '4']);
    assert.deepEqual(outcomes[1]!.slice(9), ['', '', '', '0']);
    const comparisons = readCsv(join(dir, 'out', 'tables', 'comparisons.csv'));
    assert.equal(comparisons.length, 1 + 15);
    const header = comparisons[0]!;
    const accuracy = comparisons.find((row) => row[0] === 'accuracy' && row[1] === 'du' && row[2] === 'ni')!;
    assert.equal(accuracy[header.indexOf('p_mcnemar')], '0.125');
    assert.equal(accuracy[header.indexOf('p_mcnemar_adjusted')], '0.375');
    assert.equal(accuracy[header.indexOf('mcnemar_method')], 'exact');
    for (const table of report.tables) assert.equal(readCsv(join(dir, 'out', 'tables', `${table.id}.csv`)).length, 1 + table.csvRows.length, table.id);
  });

  it('prints JSON without SVG text but with every chart spec and table', () => {
    const json = JSON.parse(JSON.stringify(reportJson(report)));
    assert.equal(json.study.name, 'mini');
    assert.deepEqual(json.tables.map((table: { id: string }) => table.id), TABLES);
    assert.deepEqual(json.charts.map((chart: { id: string; drawn: boolean }) => [chart.id, chart.drawn]), [['accuracy-cost', true], ['consistency-quadrant', true], ['cf-by-round', false], ['failure-modes', true]]);
    assert.ok(!JSON.stringify(json).includes('<svg'));
    assert.equal(json.protocols[0].audit.embed, 'wordvec');
    // du agrees on 9 more pairs than ni (b = 9, c = 0): binom.test(9, 9, alternative = 'greater') = 1/512, by hand.
    assert.deepEqual([json.hypotheses[0].id, json.hypotheses[0].test, json.hypotheses[0].p, json.hypotheses[0].family], ['H1', 'mcnemar', 1 / 512, null]);
    assert.deepEqual(json.settings.comparisons, { alternative: 'two-sided', correction: 'holm' });
  });
});
