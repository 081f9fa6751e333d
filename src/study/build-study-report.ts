import { studyReportOf, type StudyReport } from '../analysis/study-report.js';
import type { StudyRecord, TraceStore } from '../spec/store.js';
import { collectStudyData } from './collect-study-data.js';

/**
 * Builds the report of a stored study: reads its cells' runs, units,
 * metrics and chosen audits (`collectStudyData`), then reports them
 * (`studyReportOf`).
 */
export async function buildStudyReport(store: TraceStore, study: StudyRecord): Promise<StudyReport> {
  return studyReportOf(await collectStudyData(store, study));
}
