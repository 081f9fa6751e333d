import { formatDuration, progressLine } from '../runner/progress.js';
import type { StudyEvent, StudyOutcome } from './run-study.js';
import type { Spend } from './study-budget.js';
import { cellLabel, type StudyConfig } from './study-config.js';
import type { StudyProgress } from './study-status.js';

function formatSpend(spent: Spend): string {
  return `${spent.tokens} tokens, ${spent.costUsd === null ? 'cost n/a (no prices)' : `$${spent.costUsd.toFixed(4)}`}`;
}

/** One line for a study event (progress snapshots are left to the caller's throttling). */
export function formatStudyEvent(config: StudyConfig, event: StudyEvent): string | null {
  switch (event.type) {
    case 'cell-start':
      return `[${event.index + 1}/${event.total}] ${cellLabel(config, event.cell)}${event.linkedRunId === null ? '' : ` (continuing ${event.linkedRunId})`}`;
    case 'progress':
      return `  ${progressLine(event.snapshot)}`;
    case 'cell-end':
      return `  run ${event.outcome.runId}${event.outcome.resumed ? ' (resumed)' : ''}: ${event.outcome.executed} units run now, ${event.counts.done + event.counts.failed}/${event.counts.total} finished${event.counts.failed > 0 ? `, ${event.counts.failed} failed` : ''}`;
    case 'budget':
      return `budget: ${event.reason} (spent ${formatSpend(event.spent)}); no new unit starts`;
    case 'audit-start':
      return `auditing ${event.runs} runs…`;
    case 'audit-end':
      return `audit: ${event.outcome.audited.length} runs audited${event.outcome.current.length > 0 ? `, ${event.outcome.current.length} already audited with these settings` : ''}`;
  }
}

/** What `quorum study run` prints at the end. */
export function formatStudyOutcome(outcome: StudyOutcome): string {
  const lines = [`study ${outcome.studyId}: ${outcome.status}${outcome.note === null ? '' : ` — ${outcome.note}`}`, `spent: ${formatSpend(outcome.spent)}`];
  if (outcome.status === 'done') lines.push(`report: quorum study report ${outcome.studyId} --out <dir>`);
  else lines.push(`continue: run the same command again${outcome.note?.includes('budget') === true ? ' after raising the budget in the study file' : ''}; finished units are kept`);
  return lines.join('\n');
}

/** The `quorum study status` table. */
export function formatStudyProgress(progress: StudyProgress): string {
  const { study, cells, totals } = progress;
  const width = Math.max(8, ...cells.map((cell) => cell.label.length));
  const lines = [
    `study ${study.id} (${study.name}): ${study.status}${study.note === null ? '' : ` — ${study.note}`}`,
    `updated ${study.updatedAt}`,
    '',
    `${'cell'.padEnd(width)}  ${'units'.padStart(11)}  failed  run`,
    ...cells.map((cell) => `${cell.label.padEnd(width)}  ${`${cell.done + cell.failed}/${cell.planned}`.padStart(11)}  ${String(cell.failed).padStart(6)}  ${cell.runId === null ? 'not started' : `${cell.runId} (${cell.runStatus ?? '?'})`}`),
    '',
    `total: ${totals.finished}/${totals.planned} units finished (${totals.failed} failed), ${totals.remaining} remaining`,
    `spent: ${formatSpend(progress.spent)}`,
    totals.remaining === 0
      ? 'ETA: nothing left to run'
      : `ETA: ${formatDuration(progress.etaMs)}${progress.unitsPerMinute === null ? ' (no recent pace yet)' : ` at ${progress.unitsPerMinute.toFixed(1)} units/min over the last ${progress.paceUnits} units`}`,
  ];
  return lines.join('\n');
}
