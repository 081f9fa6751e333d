import { Hono } from 'hono';
import type { StudyRecord } from '../../spec/store.js';
import { sendJson, type ApiContext } from './api-context.js';
import { notFound } from './api-error.js';
import type { Page, StudyCell, StudyDetail, StudyListItem } from './api-types.js';
import { compactJson } from './compact-json.js';
import { pageParams, parseQuery } from './query-params.js';
import { runListItem } from './run-list-item.js';

/**
 * Routes under /api/studies: stored studies and the runs of their cells,
 * each with its headline metrics (a cell clicks through to its run). The
 * study report's tables, charts and paired differences are for a route of
 * their own, next to these, once the report can be built as data.
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

  return app;
}

function studyItem(study: StudyRecord, runs: number): StudyListItem {
  return { id: study.id, name: study.name, status: study.status, note: study.note, createdAt: study.createdAt, updatedAt: study.updatedAt, runs };
}
