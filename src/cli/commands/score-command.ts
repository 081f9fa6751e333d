import { Command } from '@commander-js/extra-typings';
import { readPredictions } from '../../audit-runner/predictions-file.js';
import { loadQuestions } from '../../datasets/load-questions.js';
import { scoreItems, type ScoreReport } from '../../metrics/scorers/score-items.js';
import { scorerFor } from '../../metrics/scorers/scorer-for.js';

/** `quorum score`: re-scores any system's answers with the dataset's official scorer. */
export function scoreCommand() {
  return new Command('score')
    .description("score answers from any system with the dataset's official scorer (the one runs use)")
    .requiredOption('--dataset <name>', 'dataset whose questions and scorer to use (wtq, tatqa, finqa, fetaqa, mmqa, medqa, …)')
    .option('--data <file>', "the dataset file (default: the dataset's default file)")
    .requiredOption('--predictions <file.jsonl>', 'one {"id": "<question id>", "answer": "<text>"} per line (TAT-QA: optional "scale")')
    .option('--json', 'print one JSON object: items (one per line, in order) and aggregates')
    .action(async (options) => {
      const dataset = await loadQuestions({ dataset: options.dataset, ...(options.data === undefined ? {} : { path: options.data }) });
      const questions = new Map(dataset.questions.map((question) => [question.id, question]));
      const lines = await readPredictions(options.predictions, questions);
      const report = scoreItems(lines.map(({ id, prediction, question }) => ({ id, prediction, question, scorer: scorerFor(question, dataset.name) })));
      process.stdout.write(options.json === true ? `${JSON.stringify({ dataset: dataset.name, ...report })}\n` : formatScoreReport(dataset.name, report));
    });
}

/** The metric table of a score report. */
export function formatScoreReport(dataset: string, report: ScoreReport): string {
  const percent = (value: number | null): string => (value === null ? 'n/a' : `${(value * 100).toFixed(1)} %`);
  const kinds = new Map(report.scorers.flatMap((scorer) => scorer.metrics.map((metric) => [metric.key, metric.kind ?? 'fraction'] as const)));
  const rows: Array<[string, string]> = [
    ['answers', String(report.count)],
    ['accuracy', report.accuracy === null ? 'n/a (no verdicts)' : `${percent(report.accuracy)} (${report.items.filter((item) => item.correct === true).length}/${report.judged})`],
    ...Object.entries(report.metrics).map(([key, value]): [string, string] => [key, kinds.get(key) === 'value' ? (value === null ? 'n/a' : value.toPrecision(4)) : percent(value)]),
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const sources = report.scorers.map((scorer) => `  ${scorer.name}: ${scorer.source}`).join('\n');
  return `${dataset}\n${rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n')}\nscorers:\n${sources}\n`;
}
