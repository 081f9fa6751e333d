import type { CellData, StudyData } from '../../src/study/collect-study-data.js';
import type { StudyMetric } from '../../src/analysis/study-metrics.js';
import type { UnitObservation } from '../../src/analysis/unit-observations.js';
import type { StudyRecord } from '../../src/spec/store.js';
import { parseStudyFile } from '../../src/study/load-study-file.js';
import type { StudyConfig } from '../../src/study/study-config.js';
import { protocolLabel } from '../../src/study/study-schema.js';

/** The head of a study file with one dataset (`fx`) and one setup (`local`); append protocols, seeds, comparisons, hypotheses. */
export const STUDY_HEAD = `name: synthetic
datasets: [{ name: fx, dataset: generic, path: fx.jsonl }]
backends: { local: 'openai:m@http://127.0.0.1:1/v1' }
agents: { count: 3, backend: local }
`;

/** Per protocol, the values of each metric on units q1…qn (seed 1); `undefined` leaves a unit without that metric. */
export type SyntheticValues = Record<string, Partial<Record<StudyMetric, ReadonlyArray<number | undefined>>>>;

/**
 * Study data without a store or a run: the study file is parsed and
 * validated as `quorum study` does, and each protocol's cell gets one
 * observation per question with the given values. Only what the analysis
 * reads is filled in.
 */
export function syntheticStudy(yaml: string, values: SyntheticValues): StudyData {
  const file = parseStudyFile(yaml, 'synthetic.study.yaml', {});
  const protocols = file.protocols.map((protocol) => ({ label: protocolLabel(protocol), preset: protocol.preset, overrides: {} }));
  const cells: CellData[] = protocols.map(({ label }) => {
    const metrics = values[label] ?? {};
    const count = Math.max(0, ...Object.values(metrics).map((list) => list?.length ?? 0));
    const observations: UnitObservation[] = Array.from({ length: count }, (_, index) => {
      const observed: Partial<Record<StudyMetric, number>> = {};
      for (const [metric, list] of Object.entries(metrics)) {
        const value = list?.[index];
        if (value !== undefined) observed[metric as StudyMetric] = value;
      }
      return { unitId: `${label}-q${index + 1}`, questionId: `q${index + 1}`, seed: 1, values: observed };
    });
    return { cell: { key: `${label}|fx|local`, protocol: label, dataset: 'fx', setup: 'local' }, label, planned: count, run: null, units: [], observations, metrics: null, audit: null, auditGroup: null };
  });
  const config = { version: 1, name: file.name, source: 'synthetic.study.yaml', file, protocols, datasets: [{ label: 'fx', questionIds: [] }], setups: [{ label: 'local', agents: [] }], seeds: file.seeds, cells: cells.map((cell) => cell.cell), identity: 'synthetic' } as unknown as StudyConfig;
  return { study: { id: 'study-synthetic' } as StudyRecord, config, cells };
}
