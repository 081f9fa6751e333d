import { adaptiveSavings, type AdaptiveSavings } from '../metrics/adaptive-savings.js';
import type { RunMetrics } from '../metrics/run-metrics.js';
import type { TableQaMetrics } from '../metrics/table-qa/table-qa-metrics.js';
import type { VerifierDetection } from '../metrics/table-qa/verifier-detection.js';
import type { AgentConfig } from '../spec/run-config.js';
import type { RunRecord } from '../spec/store.js';
import type { RunMetricInputs } from '../runner/measure-run.js';
import { runStatusText } from './run-status-text.js';
import { runModel } from '../runner/run-model.js';

const percent = (value: number | null): string => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);
const decimal = (value: number | null, digits = 3): string => (value === null ? 'n/a' : value.toFixed(digits));
const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Adaptive debate's savings for a run (null unless its protocol is adaptive). */
export function runAdaptiveSavings(run: RunRecord, metrics: RunMetrics): AdaptiveSavings | null {
  return adaptiveSavings(run.config.protocol.params, run.config.agents.length, metrics.escalation);
}

/** What the caller knows about measures it could not compute (printed in their place). */
export interface MetricsNotes {
  /** Why a shared-log run has no verifier detection rate (e.g. its dataset file changed). */
  detectionUnavailable?: string;
  /** Plugins the run recorded that could not be loaded, each with why: their metrics are missing (`show`). */
  pluginsUnavailable?: readonly string[];
}

/** The notes of a run's measures: why an input a metric needs could not be read. */
export function metricsNotes(inputs: RunMetricInputs): MetricsNotes {
  return inputs.unavailable === undefined ? {} : { detectionUnavailable: inputs.unavailable };
}

/** The JSON object printed by `run --json` and `show --json`. */
export function metricsJson(run: RunRecord, metrics: RunMetrics, notes: MetricsNotes = {}): Record<string, unknown> {
  return {
    runId: run.id,
    status: run.status,
    protocol: run.config.protocol.name,
    dataset: run.config.dataset.name,
    model: runModel(run.config),
    agents: run.config.agents.map(agentJson),
    judge: run.config.judge === undefined ? null : agentJson(run.config.judge),
    seeds: run.config.seeds,
    ...(run.config.dataset.forecast === undefined ? {} : { forecast: run.config.dataset.forecast }),
    codeVersion: run.config.codeVersion,
    gitCommit: run.config.gitCommit ?? null,
    versionMix: run.config.versionMix ?? [],
    ...withoutEscalation(metrics),
    ...(isTableQaRun(metrics)
      ? { tableQa: { ...metrics.tableQa, ...(notes.detectionUnavailable === undefined ? {} : { verifierDetectionUnavailable: notes.detectionUnavailable }) } }
      : {}),
    adaptive: runAdaptiveSavings(run, metrics),
    ...(notes.pluginsUnavailable === undefined || notes.pluginsUnavailable.length === 0 ? {} : { pluginsUnavailable: notes.pluginsUnavailable }),
  };
}

/**
 * Whether a run shows the table-QA measures: the registry's exact match
 * applies to one of its units (answers graded as free-form or table
 * answers, or a shared log). The metrics decide, not protocol or dataset names.
 */
export function isTableQaRun(metrics: RunMetrics): boolean {
  return metrics.applicable.includes('em');
}

/** An agent or judge as `--json` prints it: everything resolved, persona in full. */
function agentJson(agent: AgentConfig): Record<string, unknown> {
  return { name: agent.name, backend: agent.backend, decoding: agent.decoding, ...(agent.persona === undefined ? {} : { persona: agent.persona }) };
}

// The escalation counts are the input of `adaptive`; printing both would say the same thing twice.
// Table-QA metrics are printed for table-QA runs only.
// (key by key: a spread or destructuring would read `tableQa`, which `runMetrics` computes on its first read)
function withoutEscalation(metrics: RunMetrics): Omit<RunMetrics, 'escalation' | 'tableQa'> {
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(metrics) as Array<keyof RunMetrics>) if (key !== 'escalation' && key !== 'tableQa') rest[key] = metrics[key];
  return rest as Omit<RunMetrics, 'escalation' | 'tableQa'>;
}

/** Human-readable lines for `quorum show`. */
export function formatRunMetrics(run: RunRecord, metrics: RunMetrics, notes: MetricsNotes = {}): string {
  const config = run.config;
  // agreement, answer changes, PRR and AD describe agents debating: the agreement metric applies only with two answering agents
  const debate = metrics.applicable.includes('agreement');
  const model = runModel(config);
  const lines = [
    `run ${run.id} (${runStatusText(run.status, metrics.failed)}) · created ${run.createdAt}`,
    protocolLine(config.protocol.name, config.protocol.params),
    `dataset ${config.dataset.name} (${config.dataset.questionIds.length} questions)${forecastText(config)} · seeds ${config.seeds.join(',')}`,
    ...agentLines(config.agents, config.judge),
    ...codeLines(config),
    ...(model.fallback ? ['', `model        TEST MODEL: ${model.note}`] : []),
    '',
    `units        ${metrics.completed} done, ${metrics.failed} failed, ${metrics.pending} pending of ${metrics.units}`,
    `accuracy     ${percent(metrics.accuracy)}${model.fallback ? ' (test model: chance, not a measurement)' : ''}${scoringNote(metrics.scoring)}${metrics.mae === null ? '' : ' (numeric answers: equal to the realised value within its tolerance; see mae)'}`,
    ...scoringLines(metrics.scoring),
    ...(debate ? [`agreement    ${percent(metrics.agreement)} (all agents' final answers equal)`] : []),
    `unparsed     ${percent(metrics.unparsed)} of final answers, ${percent(metrics.unparsedTurns)} of ${debate ? 'turns' : 'answering turns'}`,
    ...(debate
      ? [
          `changes      ${metrics.dynamics.answerChanges} answer changes · correct→wrong ${metrics.dynamics.correctToWrong} · wrong→correct ${metrics.dynamics.wrongToCorrect}`,
          `by round     agreement ${metrics.dynamics.agreementByRound.map(percent).join(' → ')} · agent accuracy (mean over agents; accuracy above is the final answer's) ${metrics.dynamics.accuracyByRound.map(percent).join(' → ')}`,
        ]
      : []),
    `tokens       ${metrics.tokens.total} (prompt ${metrics.tokens.promptTokens}, cached ${metrics.tokens.cachedPromptTokens}, completion ${metrics.tokens.completionTokens})`,
    `calls        ${metrics.calls} (${metrics.cacheHits} from cache)`,
    `latency      ${metrics.latencyMsPerUnit === null ? 'n/a' : `${(metrics.latencyMsPerUnit / 1000).toFixed(2)} s`} of model time per unit`,
    `cost         ${costText(metrics)}`,
    ...(isTableQaRun(metrics) ? tableQaLines(metrics.tableQa) : []),
    // units that kept a shared log have faithfulness; only they can have a verifier detection rate
    ...(metrics.applicable.includes('faithfulness') ? [detectionLine(metrics.tableQa.verifierDetection, notes.detectionUnavailable)] : []),
    ...(debate ? dynamicsLines(metrics) : []),
    ...adaptiveLines(runAdaptiveSavings(run, metrics)),
    ...pluginLines(metrics.plugins, notes.pluginsUnavailable),
  ];
  return lines.join('\n');
}

/** One line per plugin metric (mean over the units with a value, in the plugin's digits), and the plugins that could not be loaded. */
function pluginLines(plugins: RunMetrics['plugins'], unavailable: readonly string[] = []): string[] {
  const lines = plugins.map(
    (metric) => `plugin       ${metric.label} ${metric.mean === null ? 'n/a' : metric.mean.toFixed(metric.digits)} (${metric.key}: mean of ${plural(metric.units, 'unit')}; ${metric.source})`,
  );
  return [...lines, ...unavailable.map((reason) => `plugin       not loaded: ${reason}`)];
}

/** The cost line: a price that is missing says how to set one; cache hits are named as free, never an unexplained $0. */
function costText(metrics: RunMetrics): string {
  if (metrics.calls > 0 && metrics.cacheHits === metrics.calls) return `$0 (all ${plural(metrics.calls, 'call')} from the completion cache: nothing spent)`;
  const howToPrice = '--price <model>=<input>/<output> per million tokens, or prices: in the run file';
  if (metrics.costUsd === null) return `n/a (no price for these models: ${howToPrice})`;
  // a sum over some units only is not the run's cost: say which part it covers
  if (metrics.unpricedUnits > 0) return `n/a: ${plural(metrics.unpricedUnits, 'unit')} called a model without a price (${howToPrice}); the priced calls cost $${metrics.costUsd.toFixed(4)}`;
  return `$${metrics.costUsd.toFixed(4)}${metrics.cacheHits > 0 ? ` (${metrics.cacheHits} of ${plural(metrics.calls, 'call')} from the completion cache at $0)` : ''}`;
}

// Which scorer's verdict the accuracy is: a run is graded by its dataset's official scorer (docs/metrics.md).
function scoringNote(scoring: RunMetrics['scoring']): string {
  return scoring.scorers.length === 0 ? ' (stored verdicts; re-score with quorum score)' : ` (scorer ${scoring.scorers.join(', ')})`;
}

function scoringLines(scoring: RunMetrics['scoring']): string[] {
  const entries = Object.entries(scoring.metrics);
  const shown = (key: string, value: number | null): string => (scoring.values.includes(key) ? (value === null ? 'n/a' : value.toPrecision(4)) : percent(value));
  return entries.length === 0 ? [] : [`scores       ${entries.map(([key, value]) => `${key} ${shown(key, value)}`).join(' · ')}`];
}

/** The FRED event selection, when the run recorded one. */
function forecastText(config: RunRecord['config']): string {
  const forecast = config.dataset.forecast;
  if (forecast === undefined) return '';
  const events = forecast.events === 'all' ? 'all events' : `${forecast.events ?? '?'} events`;
  return ` · window ${forecast.window ?? '?'} · ${events} ${forecast.selectionSeed === undefined ? 'evenly spaced' : `drawn with seed ${forecast.selectionSeed}`}`;
}

/** The code version that made the run, and a warning for every resume by another one (its numbers may mix two versions). */
function codeLines(config: RunRecord['config']): string[] {
  return [
    `code         quorum ${config.codeVersion}${config.gitCommit === undefined ? '' : ` · git ${config.gitCommit.slice(0, 12)}`}`,
    ...(config.versionMix ?? []).map((mix) => `warning      units finished after ${mix.at} were made by quorum ${mix.codeVersion} (resumed with --allow-version-mix)`),
  ];
}

/** The protocol and those of its parameters it has (a debate's rounds, visibility and format; other protocols' own parameters). */
function protocolLine(name: string, params: Readonly<Record<string, unknown>>): string {
  const debate = ['rounds', 'visibility', 'format'].filter((key) => params[key] !== undefined);
  if (debate.length > 0) return `protocol ${name} · ${debate.map((key) => `${key} ${String(params[key])}`).join(' · ')}`;
  const own = Object.entries(params).filter(([, value]) => value !== undefined && typeof value !== 'object');
  return `protocol ${name}${own.length === 0 ? '' : ` · ${own.map(([key, value]) => `${key} ${String(value)}`).join(' · ')}`}`;
}

/** EM, numeric match, F1, ROUGE-L, faithfulness, rounds, FLAGs and latency (docs/dealog.md). */
function tableQaLines(table: TableQaMetrics): string[] {
  const seconds = (value: number | null): string => (value === null ? 'n/a' : `${(value / 1000).toFixed(2)} s`);
  const fromLog = 'n/a (needs the shared log)';
  return [
    '',
    `em           ${percent(table.exactMatch)} exact match after normalisation (${plural(table.units, 'unit')} with gold)`,
    `numeric      ${table.numericUnits === 0 ? 'n/a (no numeric gold)' : `${percent(table.numericMatch)} within FinQA tolerance, TAT-QA scale applied (${plural(table.numericUnits, 'unit')})`}`,
    `f1           ${decimal(table.f1)} token F1 · rouge-l ${decimal(table.rougeL)}`,
    `faithfulness ${table.faithfulness === null ? fromLog : `${percent(table.faithfulness)} of the answer's numbers and entities found in accepted log entries (${plural(table.faithfulnessUnits, 'unit')})`}`,
    `rounds used  ${decimal(table.roundsMean, 2)} per unit · flags ${table.flags === null ? fromLog : `${table.flags} (${plural(table.flaggedUnits ?? 0, 'unit')} flagged)`}`,
    `latency/q    ${seconds(table.latencyMsMean)} mean, ${seconds(table.latencyMsMedian)} median model time per question`,
  ];
}

/** The verifier detection rate per injected error kind (docs/dealog.md, "Metrics"). */
function detectionLine(detection: VerifierDetection | null, unavailable: string | undefined): string {
  if (detection === null) return `detection    n/a (${unavailable ?? 'needs the questions and the shared log'})`;
  const { arithmetic, unit } = detection.byKind;
  // both kinds are injected into the same answers: every verified numeric one
  const numeric = arithmetic.injected;
  if (numeric === 0) return `detection    n/a (no numeric ANSWER passes the verifier${detection.baseline === 0 ? '' : `; ${plural(detection.baseline, 'verified answer')}, none a number`})`;
  const kind = (name: string, count: { detected: number; injected: number; rate: number | null }): string => `${name} ${count.detected}/${count.injected} (${percent(count.rate)})`;
  const other = detection.baseline - numeric;
  return (
    `detection    ${kind('arithmetic', arithmetic)} · ${kind('unit', unit)} injected errors caught by the verifier, over ${plural(numeric, 'verified numeric answer')}` +
    `${other === 0 ? '' : ` (${other} more verified, not numbers)`}`
  );
}

const PERSONA_SHOWN = 60;

/** One line per agent and one for the judge: backend, decoding and the start of the persona (docs/agents.md). */
function agentLines(agents: readonly AgentConfig[], judge: AgentConfig | undefined): string[] {
  const width = Math.max(...[...agents, ...(judge === undefined ? [] : [judge])].map((agent) => agent.name.length));
  const line = (agent: AgentConfig): string => {
    const { temperature, topP, maxTokens, stop } = agent.decoding;
    const settings = [
      temperature === undefined ? '' : `temperature ${temperature}`,
      topP === undefined ? '' : `top_p ${topP}`,
      maxTokens === undefined ? '' : `max_tokens ${maxTokens}`,
      stop === undefined || stop.length === 0 ? '' : `stop ${JSON.stringify(stop)}`,
      agent.persona === undefined ? '' : `persona "${truncate(agent.persona.replace(/\s+/g, ' ').trim(), PERSONA_SHOWN)}"`,
    ].filter((part) => part !== '');
    return `  ${agent.name.padEnd(width)}  ${agent.backend}${settings.length === 0 ? '' : ` · ${settings.join(' · ')}`}`;
  };
  return [`agents${judge === undefined ? '' : ' and judge'}`, ...agents.map(line), ...(judge === undefined ? [] : [`${line(judge)} (judge)`])];
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/** PRR, AD, CF and forecast error (docs/dynamics.md, docs/forecasting.md). */
function dynamicsLines(metrics: RunMetrics): string[] {
  const { prr, ad, cf, mae } = metrics;
  const missing = prr.missing > 0 ? ` · ${plural(prr.missing, 'unit')} stored without per-round dynamics` : '';
  const prrLine =
    prr.units === 0
      ? `prr          n/a (no unit ran an interaction round)${missing}`
      : `prr          ${percent(prr.mean)} of turns in rounds ≥ 1 take a stance on a seen peer's claim (mean over ${plural(prr.units, 'unit')}; ${prr.references} of ${prr.turns} turns)` +
        `${prr.undefinedUnits > 0 ? ` · undefined for ${prr.undefinedUnits} without interaction rounds` : ''} · by round ${prr.byRound.slice(1).map(percent).join(' → ')}${missing}`;
  const adLine =
    ad.units === 0
      ? `ad           n/a (no round with two agents' content words)${missing}`
      : `ad           ${decimal(ad.mean)} mean Jaccard distance of content words (final round ${decimal(ad.final)}) · by round ${ad.byRound.map((value) => decimal(value)).join(' → ')}` +
        `${ad.undefinedUnits > 0 ? ` · undefined for ${plural(ad.undefinedUnits, 'unit')}` : ''}${missing}`;
  const lines = ['', prrLine, adLine];
  if (cf !== null) {
    const reasons = [
      cf.undefinedReasons['no-variance'] > 0 ? `${cf.undefinedReasons['no-variance']} with equal round-0 forecasts` : '',
      cf.undefinedReasons['too-few-answers'] > 0 ? `${cf.undefinedReasons['too-few-answers']} with fewer than two numeric forecasts` : '',
    ].filter((reason) => reason !== '');
    lines.push(
      `cf           ${cf.units === 0 ? 'n/a' : `${decimal(cf.mean)} mean, ${decimal(cf.median)} median over ${plural(cf.units, 'unit')} · by round ${cf.byRound.map((value) => decimal(value)).join(' → ')}`}` +
        `${cf.undefinedUnits > 0 ? ` · undefined for ${plural(cf.undefinedUnits, 'unit')} (${reasons.join(', ')})` : ''}`,
    );
  }
  if (mae !== null) {
    lines.push(
      `mae          ${mae.units === 0 ? 'n/a' : `${decimal(mae.mean)} mean, ${decimal(mae.median)} median absolute error over ${plural(mae.units, 'unit')} · agents by round ${mae.byRound.map((value) => decimal(value)).join(' → ')}`}` +
        `${mae.unparsed > 0 ? ` · ${plural(mae.unparsed, 'unit')} without a numeric answer` : ''}`,
    );
  }
  return lines;
}

/** Escalations and savings of adaptive debate. */
function adaptiveLines(savings: AdaptiveSavings | null): string[] {
  if (savings === null) return [];
  const tokens =
    savings.tokensSavedEstimate === null
      ? savings.tokensEstimateUnavailable === 'summaries-without-rounds'
        ? 'tokens saved: estimate unavailable (summaries stored without per-round costs)'
        : 'tokens saved: estimate unavailable (no unit escalated, so no interaction round shows what a call costs)'
      : `~${savings.tokensSavedEstimate} tokens saved (estimate: ${Math.round(savings.tokensPerLaterCall!)} per interaction-round call; ${percent(savings.tokensSavedShare)})`;
  return [
    '',
    `adaptive     ${savings.escalated} of ${savings.units} units escalated to debate · ${savings.callsSaved} calls saved against always debating (${percent(savings.callsSavedShare)}; ${savings.callsPerStoppedUnit} per unit that stopped after round 0)`,
    `             ${tokens}`,
  ];
}
