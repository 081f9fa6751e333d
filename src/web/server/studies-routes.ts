import { Hono } from 'hono';
import { z } from 'zod';
import { studyMetricSchema } from '../../analysis/study-metrics.js';
import type { StudyRecord } from '../../spec/store.js';
import { sendJson, type ApiContext } from './api-context.js';
import { ApiError, notFound } from './api-error.js';
import type { Page, StudyCell, StudyDetail, StudyListItem, StudyPairsPage, StudyReportView } from './api-types.js';
import { compactJson } from './compact-json.js';
import { booleanParam, pageParams, parseQuery } from './query-params.js';
import { runListItem } from './run-list-item.js';
import { comparisonViews, pairRows } from './study-pairs.js';

/**
 * Routes under /api/studies: stored studies and the runs of their cells,
 * each with its headline metrics (a cell clicks through to its run); the
 * study report (`quorum study report`'s tables, and its charts as SVG
 * images); and the paired per-question differences of any two compared
 * protocols, each pair with both units so the UI links to both traces.
 */
export function studiesRoutes(api: ApiContext): Hono {
  const app = new Hono();
  const { store } = api.data;

  app.get('/', async (c) => {
    const { offset, limit } = parseQuery(pageParams(50, 200), c.req.query());
    const studies = await store.listStudies();
    const items: StudyListItem[] = [];
    for (const study of studies.slice(offset, offset + limit)) items.push(studyItem(study, (await store.listStudyRuns(study.id)).length));
    const page: Page<StudyListItem> = { total: studies.length, offset, limit, items };
    return sendJson(api, c, page);
  });

  app.get('/:studyId', async (c) => {
    const { offset, limit } = parseQuery(pageParams(100, 200), c.req.query());
    const studyId = c.req.param('studyId');
    const study = await store.getStudy(studyId);
    if (study === undefined) throw notFound('study', studyId);
    const links = await store.listStudyRuns(study.id);
    const cells: StudyCell[] = [];
    for (const link of links.slice(offset, offset + limit)) {
      const [protocol = link.cell, dataset = '', setup = ''] = link.cell.split('|');
      const run = await store.getRun(link.runId);
      cells.push({ cell: link.cell, protocol, dataset, setup, runId: link.runId, run: run === undefined ? null : await runListItem(api, run) });
    }
    const detail: StudyDetail = {
      study: { ...studyItem(study, links.length), config: compactJson(study.config) },
      cells: { total: links.length, offset, limit, items: cells },
    };
    return sendJson(api, c, detail);
  });

  app.get('/:studyId/report', async (c) => {
    parseQuery({}, c.req.query());
    const study = await findStudy(c.req.param('studyId'));
    const { report, data } = await api.data.studyReports.get(study);
    const base = `/api/studies/${encodeURIComponent(study.id)}/charts/`;
    const view: StudyReportView = {
      warnings: report.warnings,
      tables: report.tables.map((table) => ({ id: table.id, title: table.title, caption: table.caption ?? null, headers: table.headers, cells: table.cells })),
      charts: report.charts.map((chart) => ({
        id: chart.id,
        title: chart.title,
        caption: chart.caption,
        url: chart.svg === null ? null : `${base}${encodeURIComponent(chart.id)}.svg`,
        skipped: chart.svg === null ? (chart.skipped ?? 'the chart could not be drawn') : null,
      })),
      comparisons: comparisonViews(data),
      pairing: data.config.file.analysis.pairing,
    };
    return sendJson(api, c, view);
  });

  app.get('/:studyId/charts/:file', async (c) => {
    const file = c.req.param('file');
    const study = await findStudy(c.req.param('studyId'));
    const chartId = file.endsWith('.svg') ? file.slice(0, -4) : file;
    const chart = (await api.data.studyReports.get(study)).report.charts.find((entry) => entry.id === chartId);
    if (chart === undefined) throw new ApiError(404, 'NOT_FOUND', `no chart "${chartId}" in study "${study.id}"`, `the study's charts are listed at /api/studies/${study.id}/report`);
    if (chart.svg === null) throw new ApiError(404, 'NOT_FOUND', `chart "${chartId}" was not drawn: ${chart.skipped ?? 'no data'}`);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    return c.body(api.scrubber.text(chart.svg));
  });

  app.get('/:studyId/pairs', async (c) => {
    const query = parseQuery(
      {
        treatment: z.string().min(1),
        control: z.string().min(1),
        dataset: z.string().min(1),
        setup: z.string().min(1),
        metric: studyMetricSchema.default('accuracy'),
        differentOnly: booleanParam.default(false),
        ...pageParams(100, 500),
      },
      c.req.query(),
    );
    const study = await findStudy(c.req.param('studyId'));
    const { data } = await api.data.studyReports.get(study);
    const all = pairRows(data, query);
    if (all === null) {
      throw new ApiError(404, 'NOT_FOUND', `study "${study.id}" has no cells ${query.treatment} and ${query.control} for dataset "${query.dataset}", setup "${query.setup}"`, `its comparisons are listed at /api/studies/${study.id}/report`);
    }
    const rows = query.differentOnly ? all.filter((row) => row.difference !== 0) : all;
    const page: StudyPairsPage = {
      total: rows.length,
      offset: query.offset,
      limit: query.limit,
      items: rows.slice(query.offset, query.offset + query.limit),
      metric: query.metric,
      pairs: all.length,
      treatmentHigher: all.filter((row) => row.difference > 0).length,
      controlHigher: all.filter((row) => row.difference < 0).length,
      equal: all.filter((row) => row.difference === 0).length,
      meanDifference: all.length === 0 ? null : all.reduce((sum, row) => sum + row.difference, 0) / all.length,
    };
    return sendJson(api, c, page);
  });

  async function findStudy(studyId: string): Promise<StudyRecord> {
    const study = await store.getStudy(studyId);
    if (study === undefined) throw notFound('study', studyId);
    return study;
  }

  return app;
}

function studyItem(study: StudyRecord, runs: number): StudyListItem {
  return { id: study.id, name: study.name, status: study.status, note: study.note, createdAt: study.createdAt, updatedAt: study.updatedAt, runs };
}
