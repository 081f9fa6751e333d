import type { AuditQuestionRecord } from '../spec/audit-result.js';
import type { MetricUnit } from '../spec/metric.js';
import type { Question } from '../spec/question.js';
import type { UnitRecord } from '../spec/store.js';
import type { TraceEvent } from '../spec/trace.js';

/** What a caller read beyond the units' summaries (each optional; metrics needing what is missing are n/a). */
export interface MetricInputs {
  /** Each unit's events by unit id. */
  events?: ReadonlyMap<string, readonly TraceEvent[]>;
  /** The run's questions by question id, as its units saw them. */
  questions?: ReadonlyMap<string, Question>;
  /** The chosen audit's records by unit id. */
  audits?: ReadonlyMap<string, AuditQuestionRecord>;
  /** The run's protocol parameters. */
  params?: Readonly<Record<string, unknown>>;
}

/** The finished units of a run as metrics read them (failed and pending units have no values). */
export function metricUnits(units: readonly UnitRecord[], inputs: MetricInputs = {}): MetricUnit[] {
  return units.flatMap((unit) => {
    if (unit.status !== 'done' || unit.summary === null) return [];
    const events = inputs.events?.get(unit.id);
    const question = inputs.questions?.get(unit.questionId);
    const audit = inputs.audits?.get(unit.id);
    return [{ unitId: unit.id, summary: unit.summary, ...(events === undefined ? {} : { events }), ...(question === undefined ? {} : { question }), ...(audit === undefined ? {} : { audit }), ...(inputs.params === undefined ? {} : { params: inputs.params }) }];
  });
}
