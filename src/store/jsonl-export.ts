import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StoreError } from '../spec/errors.js';
import type { TraceStore } from '../spec/store.js';
import { TRACE_VERSION } from '../spec/trace.js';
import type { JsonlLine } from './jsonl-line.js';

/** Options of `exportJsonlLines`. */
export interface JsonlExportOptions {
  /** Units read per store query (default 200). */
  pageSize?: number;
}

/**
 * The JSONL lines (without newlines) of the finished units of some runs,
 * in plan order, read page by page so memory stays flat on large runs.
 * Pending units are left out: they have no events and no summary, and a
 * later export (imported over the first) adds them once they finish.
 */
export async function* exportJsonlLines(store: TraceStore, runIds: readonly string[], options: JsonlExportOptions = {}): AsyncGenerator<string> {
  const pageSize = options.pageSize ?? 200;
  for (const runId of runIds) {
    const run = await store.getRun(runId);
    if (run === undefined) throw new StoreError(`no run with id ${runId} to export`, 'list the stored runs to find its id');
    for (let offset = 0; ; offset += pageSize) {
      const units = await store.listUnits(runId, { offset, limit: pageSize });
      for (const unit of units) {
        if (unit.status === 'pending' || unit.summary === null || unit.finishedAt === null) continue;
        const failures = await store.listUnitFailures(unit.id);
        const line: JsonlLine = {
          traceVersion: TRACE_VERSION,
          run: { id: run.id, createdAt: run.createdAt, status: run.status, config: run.config },
          unit: { questionId: unit.questionId, protocol: unit.protocol, seed: unit.seed, status: unit.status, summary: unit.summary, finishedAt: unit.finishedAt },
          events: await store.getEvents(unit.id),
          ...(failures.length === 0 ? {} : { earlierFailures: failures }),
        };
        yield JSON.stringify(line);
      }
      if (units.length < pageSize) break;
    }
  }
}

/**
 * Writes lines, one per line, to a file path or a writable stream (e.g.
 * `process.stdout`, which is left open). A file is written beside its
 * final name and renamed at the end, so an interrupted export never leaves
 * a truncated file that looks complete. Returns the number of lines.
 */
export async function writeJsonl(lines: AsyncIterable<string>, destination: string | NodeJS.WritableStream): Promise<number> {
  let count = 0;
  // pipeline() handles back-pressure (a slow pipe must not buffer a whole
  // run) and write errors such as a full disk.
  const source = Readable.from(
    (async function* () {
      for await (const line of lines) {
        count += 1;
        yield `${line}\n`;
      }
    })(),
  );
  if (typeof destination !== 'string') {
    await pipeline(source, destination, { end: false });
    return count;
  }
  const partial = `${destination}.partial`;
  try {
    await pipeline(source, createWriteStream(partial));
    await rename(partial, destination);
    return count;
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof StoreError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new StoreError(`cannot write ${destination}: ${message}`, 'check the path, its permissions and the free disk space', error);
  }
}
