/**
 * Figures that read a fallback NLI's contradiction flags (CARA-HYB, CR,
 * CARA-GT) are never starred as significant in study reports, and declared
 * hypotheses on them get no decision; SIM, which reads no flag, is starred
 * as before.
 *
 * By hand: gdp − ni is +0.2 on each of 8 questions for CARA-HYB and SIM, so
 * every test of the difference is far below α = 0.05 (Wilcoxon exact,
 * two-sided: all 8 signs positive, p = 2/256 = 0.0078; t undefined only
 * when all differences are equal, so the values vary a little).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { comparisonTable } from '../../src/analysis/comparison-table.js';
import { hypothesisResults } from '../../src/analysis/hypothesis-results.js';
import { hypothesisReportTable } from '../../src/analysis/hypothesis-report-table.js';
import { tableMarkdown } from '../../src/analysis/report-table.js';
import { comparisonReportTable, failureModeTable, protocolTables } from '../../src/analysis/study-tables.js';
import { protocolTable } from '../../src/analysis/protocol-table.js';
import type { AuditGroupSummary, AuditRecord } from '../../src/spec/audit-result.js';
import { STUDY_HEAD, syntheticStudy } from './synthetic-study.js';

const NI = [0.1, 0.2, 0.15, 0.3, 0.25, 0.1, 0.2, 0.3];
const GDP = NI.map((value, index) => value + 0.2 + index * 0.001);

function study(nli: string, fallbackNli: boolean) {
  const data = syntheticStudy(
    `${STUDY_HEAD}protocols: [ni, gdp]\nseeds: [1]\nhypotheses:\n  - { id: H1, metric: cara_hyb, treatment: gdp, control: ni }\n  - { id: H2, metric: sim, treatment: gdp, control: ni }\n`,
    { ni: { cara_hyb: NI, sim: NI }, gdp: { cara_hyb: GDP, sim: GDP } },
  );
  const settings = { embed: 'wordvec', nli, tau: 0.5, fallback: { embed: true, nli: fallbackNli, note: 'fallback models' } };
  const estimate = { mean: 0.2, low: 0.1, high: 0.3, n: 8 };
  for (const cell of data.cells) {
    cell.audit = { audit: { id: `audit-${cell.label}`, label: 'x', settings } as unknown as AuditRecord, matchesStudy: true };
    cell.auditGroup = { caraHyb: estimate, sim: estimate, contradictionRate: estimate, caraGt: { mean: null, low: null, high: null, n: 0 }, failureModes: { FM1: 1, FM2: 2, FM3: 0, FM4: 0, FM5: 0, FM6: 1 } } as unknown as AuditGroupSummary;
  }
  return data;
}

function rowLine(markdown: string, label: string): string {
  const line = markdown.split('\n').find((entry) => entry.startsWith(`| ${label} `));
  assert.ok(line !== undefined, `no row ${label} in\n${markdown}`);
  return line;
}

describe('significance under a fallback NLI', () => {
  it('does not star CARA-HYB rows of a fallback NLI, says why, and still stars SIM', () => {
    const { rows } = comparisonTable(study('heuristic', true));
    const cara = rows.find((row) => row.metric === 'cara_hyb')!;
    const sim = rows.find((row) => row.metric === 'sim')!;
    assert.ok(cara.pWilcoxonAdjusted! < 0.05 && sim.pWilcoxonAdjusted! < 0.05, 'both differences are significant as numbers');
    assert.equal(cara.fallbackNli, true);
    assert.equal(sim.fallbackNli, false);
    assert.deepEqual(cara.notes, ['not starred: fallback NLI']);
    const markdown = tableMarkdown(comparisonReportTable(rows, 0.05, false, false));
    assert.doesNotMatch(rowLine(markdown, 'CARA-HYB'), /\*/);
    assert.match(rowLine(markdown, 'CARA-HYB'), /not starred: fallback NLI/);
    assert.match(rowLine(markdown, 'SIM'), / \*/);
  });

  it('stars CARA-HYB as usual when the NLI is not a fallback', () => {
    const { rows } = comparisonTable(study('llm:openai:qwen@http://127.0.0.1:8000/v1', false));
    const markdown = tableMarkdown(comparisonReportTable(rows, 0.05, false, false));
    assert.match(rowLine(markdown, 'CARA-HYB'), / \*/);
    assert.deepEqual(rows.find((row) => row.metric === 'cara_hyb')!.notes, []);
  });

  it('makes no decision on a hypothesis about a fallback NLI figure', () => {
    const results = hypothesisResults(study('heuristic', true));
    const h1 = results.find((result) => result.id === 'H1')!;
    const h2 = results.find((result) => result.id === 'H2')!;
    assert.ok(h1.pAdjusted! < 0.05);
    assert.equal(h1.rejected, false);
    assert.equal(h1.fallbackNli, true);
    assert.deepEqual(h1.notes, ['not starred: fallback NLI']);
    assert.equal(h2.rejected, true);
    const markdown = tableMarkdown(hypothesisReportTable(results, false, false));
    assert.match(rowLine(markdown, 'H1'), /no decision: fallback NLI/);
    assert.match(rowLine(markdown, 'H2'), /H0 rejected/);
  });

  it('labels CARA figures and failure modes of a fallback NLI in the per-protocol tables', () => {
    const rows = protocolTable(study('heuristic', true));
    const alignment = protocolTables(rows, false, false).find((table) => table.id === 'protocols-alignment')!;
    const line = rowLine(tableMarkdown(alignment), 'ni');
    // CARA-HYB and CR carry the label, SIM does not: 0.200 [0.100, 0.300] (8) three times, labelled twice.
    assert.equal(line.match(/\(8\) \(fallback NLI\)/g)?.length, 2);
    assert.equal(line.match(/\(8\)/g)?.length, 3);
    assert.match(rowLine(tableMarkdown(failureModeTable(rows, false, false)), 'ni'), /fallback NLI: heuristic/);
  });
});
