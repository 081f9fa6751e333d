import { collectStudyData, type StudyData } from '../../study/collect-study-data.js';
import { studyReportOf, type StudyReport } from '../../analysis/study-report.js';
import type { StudyRecord, TraceStore } from '../../spec/store.js';
import { ApiError } from './api-error.js';
import { LruCache } from './lru-cache.js';
import { countsSignature } from './run-index.js';

/** A study's report and the data it was built from, as of `signature`. */
export interface BuiltStudyReport {
  signature: string;
  data: StudyData;
  report: StudyReport;
}

/**
 * Study reports for the viewer, built once (the statistics and four SVG
 * charts take a while) and rebuilt when the study changes: its record, the
 * unit counts of its runs, or their audits.
 */
export class StudyReports {
  readonly #reports: LruCache<string, Promise<BuiltStudyReport>>;

  constructor(
    private readonly store: TraceStore,
    capacity = 4,
  ) {
    this.#reports = new LruCache(capacity);
  }

  async get(study: StudyRecord): Promise<BuiltStudyReport> {
    const config = study.config as { cells?: unknown; datasets?: unknown; setups?: unknown; protocols?: unknown };
    if (![config.cells, config.datasets, config.setups, config.protocols].every(Array.isArray)) {
      throw new ApiError(404, 'NO_REPORT', `study "${study.id}" has no report: its stored configuration has no grid of cells`, 'reports are built for studies stored by `quorum study run`');
    }
    const signature = await this.signature(study);
    const cached = this.#reports.get(study.id);
    if (cached !== undefined) {
      const built = await cached.catch(() => undefined);
      if (built?.signature === signature) return built;
    }
    const building = (async () => {
      const data = await collectStudyData(this.store, study);
      return { signature, data, report: await studyReportOf(data) };
    })();
    this.#reports.set(study.id, building);
    building.catch(() => this.#reports.peek(study.id) === building && this.#reports.delete(study.id));
    return building;
  }

  private async signature(study: StudyRecord): Promise<string> {
    const parts = [study.status, study.updatedAt];
    for (const link of await this.store.listStudyRuns(study.id)) {
      const audits = await this.store.listAudits(link.runId);
      parts.push(`${link.cell}=${link.runId}:${countsSignature(await this.store.countUnits(link.runId))}:${audits.map((audit) => audit.id).join(',')}`);
    }
    return parts.join('|');
  }
}
