import { useMemo } from 'react';
import type { TraceEvent } from '../../../spec/trace.js';
import { questionOfPrompt } from '../../server/unit-text.js';
import { AlignmentPanel } from '../components/alignment-panel.js';
import { AnswerChanges } from '../components/answer-changes.js';
import { Breadcrumbs } from '../components/breadcrumbs.js';
import { ErrorBox } from '../components/error-box.js';
import { ErrorList } from '../components/error-list.js';
import { JudgePanel } from '../components/judge-panel.js';
import { Loading } from '../components/loading.js';
import { PromptPanel } from '../components/prompt-panel.js';
import { QuestionHeader } from '../components/question-header.js';
import { RawEvents } from '../components/raw-events.js';
import { SharedLogTimeline } from '../components/shared-log-timeline.js';
import { StancePanel } from '../components/stance-panel.js';
import { TurnGrid } from '../components/turn-grid.js';
import { QuestionNeighbours } from '../components/question-neighbours.js';
import { QuestionSummary } from '../components/question-summary.js';
import { PageHtmlButton } from '../components/page-html-button.js';
import { SideBySideReasoning } from '../components/side-by-side-reasoning.js';
import { navigate, paths } from '../lib/router.js';
import { traceModel } from '../lib/trace-model.js';
import { useTitle } from '../lib/use-title.js';
import { useUnitTrace, type UnitTrace } from '../lib/use-unit-trace.js';

/** One question (unit): the whole trace, arranged. */
export function QuestionPage({ runId, unitId, search }: { runId: string; unitId: string; search: URLSearchParams }) {
  const state = useUnitTrace(unitId, search.get('audit'));
  useTitle(`Question ${state.status === 'ok' ? state.trace.detail.unit.questionId : unitId} of ${runId}`);
  return (
    <div className="page question-page">
      <Breadcrumbs
        items={[
          { label: 'Runs', to: paths.runs() },
          { label: runId, to: paths.run(runId) },
          { label: state.status === 'ok' ? state.trace.detail.unit.questionId : unitId },
        ]}
      />
      <QuestionNeighbours runId={runId} unitId={unitId} />
      {state.status === 'ok' && <PageHtmlButton name={`${runId}-${state.trace.detail.unit.questionId}`} title={`Question ${state.trace.detail.unit.questionId} of ${runId}`} />}
      {state.status === 'loading' && <Loading what="the trace" />}
      {state.status === 'error' && <ErrorBox error={state.error} />}
      {state.status === 'ok' && <QuestionBody trace={state.trace} search={search} />}
    </div>
  );
}

function QuestionBody({ trace, search }: { trace: UnitTrace; search: URLSearchParams }) {
  const { detail, events, audit } = trace;
  const model = useMemo(() => traceModel(events, detail.run.agents.map((agent) => agent.name)), [events, detail.run.agents]);
  const hasTurns = model.cells.size > 0;
  const setSearch = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    next.set(name, value);
    navigate(`${window.location.pathname}?${next}`, { replace: true });
  };
  // Shared-log protocols (DeALOG) have no debate: no votes, no unanimity, no agreement set to align.
  const sharedLog = detail.run.protocol === 'dealog' || model.logEntries.length > 0;
  const prompt = questionPrompt(events, sharedLog);
  return (
    <>
      <QuestionHeader detail={detail} model={model} sharedLog={sharedLog} />
      {sharedLog ? (
        prompt !== null && (
          <section>
            <h2>Question</h2>
            <p className="question-text">{questionOfPrompt(prompt)}</p>
          </section>
        )
      ) : (
        hasTurns && <QuestionSummary model={model} audit={audit} prompt={prompt} />
      )}
      {hasTurns && !sharedLog && (
        <AlignmentPanel
          audit={audit}
          audits={detail.audits}
          runId={detail.run.id}
          pair={search.get('pair')}
          onPair={(pair) => setSearch('pair', pair)}
          onAudit={(auditId) => setSearch('audit', auditId)}
        />
      )}
      {hasTurns && !sharedLog && audit !== null && <SideBySideReasoning audit={audit} chosen={search.get('sides')} onChoose={(value) => setSearch('sides', value)} />}
      {model.logEntries.length > 0 && <SharedLogTimeline entries={model.logEntries} verifies={model.verifies} events={events} />}
      {hasTurns && !sharedLog && (
        <>
          <AnswerChanges model={model} />
          {model.hasSteps && <StancePanel model={model} />}
          {model.judgeRanks.length > 0 && <JudgePanel ranks={model.judgeRanks} />}
          <TurnGrid model={model} />
        </>
      )}
      <PromptPanel events={events} sharedLog={sharedLog} />
      {model.errors.length > 0 && <ErrorList errors={model.errors} />}
      <RawEvents events={events} />
    </>
  );
}

/** The prompt that states the question: for a shared log the first one with a `Question:` line (a TableAgent's JSON prompt is not the question), else the first turn's. */
function questionPrompt(events: readonly TraceEvent[], sharedLog: boolean): string | null {
  const prompts = events.flatMap((event) => (event.type === 'turn' ? [event.messages.filter((message) => message.role === 'user').at(-1)?.content ?? ''] : []));
  if (prompts.length === 0) return null;
  return (sharedLog ? prompts.find((prompt) => /(^|\n)Question:/.test(prompt)) : undefined) ?? prompts[0]!;
}
