import { CORRECTION_LABEL } from './adjust-p-values.js';
import { TIE_TOLERANCE } from './paired-differences.js';
import { escapeHtml, tableHtml, tableMarkdown } from './report-table.js';
import type { StudyReport } from './study-report.js';

function header(report: StudyReport): { title: string; facts: string[] } {
  const { study, settings } = report;
  return {
    title: `Study ${study.name}`,
    facts: [
      `id: ${study.id}`,
      `status: ${study.status}${study.note === null ? '' : ` (${study.note})`}`,
      `study file: ${study.source}`,
      `seeds: ${settings.seeds.join(', ')}`,
      `pairing: ${settings.analysis.pairing}; bootstrap: ${settings.analysis.bootstrap.resamples} resamples, seed ${settings.analysis.bootstrap.seed}; α = ${settings.analysis.alpha}`,
      `comparisons: ${settings.comparisons.alternative} unless a pair names its own; ${CORRECTION_LABEL[settings.comparisons.correction]} within each metric; differences within ${TIE_TOLERANCE} are ties`,
      ...(settings.families.length === 0 ? [] : [`hypothesis families: ${settings.families.map((family) => `${family.name} (${CORRECTION_LABEL[family.correction]}: ${family.members.join(', ')})`).join('; ')}`]),
      `audit: ${settings.audit.enabled ? `${settings.audit.embed} + ${settings.audit.nli}, τ = ${settings.audit.tau}` : 'disabled'}`,
    ],
  };
}

/** The report as Markdown, with charts referenced as the SVG files written beside it. */
export function reportMarkdown(report: StudyReport): string {
  const { title, facts } = header(report);
  const parts = [`# ${title}`, ...(report.study.description === null ? [] : [report.study.description]), facts.map((fact) => `- ${fact}`).join('\n')];
  if (report.warnings.length > 0) parts.push(`## Warnings\n\n${report.warnings.map((warning) => `- ${warning}`).join('\n')}`);
  for (const table of report.tables) {
    parts.push(`## ${table.title}\n\n${table.caption === undefined ? '' : `${table.caption}\n\n`}${tableMarkdown(table)}\n\nCSV: [tables/${table.id}.csv](tables/${table.id}.csv)`);
    if (table.id === 'comparisons' && report.notCompared.length > 0) parts.push(`Not compared: ${report.notCompared.map((entry) => `${entry.metric} (${entry.reason})`).join(', ')}.`);
  }
  parts.push('## Charts');
  for (const chart of report.charts) {
    parts.push(chart.svg === null ? `### ${chart.title}\n\nNot drawn: ${chart.skipped}.` : `### ${chart.title}\n\n![${chart.title}](charts/${chart.id}.svg)\n\n${chart.caption}`);
  }
  parts.push(`## Configuration\n\n\`\`\`yaml\n${report.configuration.trimEnd()}\n\`\`\``);
  return `${parts.join('\n\n')}\n`;
}

const STYLE = `
body { font: 14px/1.45 Helvetica, Arial, sans-serif; color: #222; margin: 2rem auto; max-width: 1200px; padding: 0 1rem; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.5rem 0; font-size: 12.5px; }
th, td { border: 1px solid #ddd; padding: 3px 7px; text-align: left; vertical-align: top; }
th { background: #f4f4f4; } tr:nth-child(even) td { background: #fafafa; }
.caption { color: #555; font-size: 12.5px; } .warning { color: #8a4b00; }
figure { margin: 1rem 0; display: inline-block; vertical-align: top; } figcaption { color: #555; font-size: 12.5px; max-width: 480px; }
pre { background: #f6f6f6; padding: 0.75rem; overflow-x: auto; font-size: 12px; }
`;

/** The report as one self-contained HTML file: inline CSS and inline SVG, no external resources, all text escaped. */
export function reportHtml(report: StudyReport): string {
  const { title, facts } = header(report);
  const body: string[] = [`<h1>${escapeHtml(title)}</h1>`];
  if (report.study.description !== null) body.push(`<p>${escapeHtml(report.study.description)}</p>`);
  body.push(`<ul>${facts.map((fact) => `<li>${escapeHtml(fact)}</li>`).join('')}</ul>`);
  if (report.warnings.length > 0) body.push(`<h2>Warnings</h2><ul>${report.warnings.map((warning) => `<li class="warning">${escapeHtml(warning)}</li>`).join('')}</ul>`);
  for (const table of report.tables) {
    body.push(`<h2>${escapeHtml(table.title)}</h2>`, ...(table.caption === undefined ? [] : [`<p class="caption">${escapeHtml(table.caption)}</p>`]), tableHtml(table));
  }
  body.push('<h2>Charts</h2>');
  for (const chart of report.charts) {
    body.push(
      chart.svg === null
        ? `<figure id="chart-${chart.id}"><figcaption><strong>${escapeHtml(chart.title)}</strong>: not drawn (${escapeHtml(chart.skipped ?? '')}).</figcaption></figure>`
        : `<figure id="chart-${chart.id}">${chart.svg}<figcaption>${escapeHtml(chart.caption)}</figcaption></figure>`,
    );
  }
  body.push(`<h2>Configuration</h2><pre>${escapeHtml(report.configuration)}</pre>`);
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body.join('\n')}</body></html>\n`;
}
