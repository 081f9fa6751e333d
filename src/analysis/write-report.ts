import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { reportHtml, reportMarkdown } from './render-report.js';
import { tableCsv } from './report-table.js';
import { reportJson, type StudyReport } from './study-report.js';

/** The files written, relative to the output directory. */
export interface WrittenReport {
  dir: string;
  files: string[];
}

/**
 * Writes a report to `dir`: report.md, report.html (self-contained),
 * report.json, tables/<id>.csv for every table, and charts/<id>.svg plus
 * charts/<id>.vl.json (the Vega-Lite spec, to restyle or embed) for every
 * chart drawn.
 */
export async function writeStudyReport(report: StudyReport, dir: string): Promise<WrittenReport> {
  await mkdir(join(dir, 'tables'), { recursive: true });
  await mkdir(join(dir, 'charts'), { recursive: true });
  const files: Array<[string, string]> = [
    ['report.md', reportMarkdown(report)],
    ['report.html', reportHtml(report)],
    ['report.json', `${JSON.stringify(reportJson(report), null, 2)}\n`],
    ...report.tables.map((table): [string, string] => [`tables/${table.id}.csv`, tableCsv(table)]),
    ...report.charts.flatMap((chart): Array<[string, string]> => (chart.svg === null ? [] : [[`charts/${chart.id}.svg`, chart.svg], [`charts/${chart.id}.vl.json`, `${JSON.stringify(chart.spec, null, 2)}\n`]])),
  ];
  for (const [name, text] of files) await writeFile(join(dir, name), text);
  return { dir, files: files.map(([name]) => name) };
}
