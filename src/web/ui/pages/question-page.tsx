import { useMemo } from 'react';
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
  return (
    <>
      <QuestionHeader detail={detail} model={model} />
      <PromptPanel events={events} />
      {hasTurns && (
        <>
          <AnswerChanges model={model} />
          <TurnGrid model={model} />
          {model.judgeRanks.length > 0 && <JudgePanel ranks={model.judgeRanks} />}
          {model.hasSteps && <StancePanel model={model} />}
          <AlignmentPanel
            audit={audit}
            audits={detail.audits}
            runId={detail.run.id}
            pair={search.get('pair')}
            onPair={(pair) => setSearch('pair', pair)}
            onAudit={(auditId) => setSearch('audit', auditId)}
          />
        </>
      )}
      {model.logEntries.length > 0 && <SharedLogTimeline entries={model.logEntries} verifies={model.verifies} events={events} />}
      {model.errors.length > 0 && <ErrorList errors={model.errors} />}
      <RawEvents events={events} />
    </>
  );
}
