import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { DatasetFormatError } from '../spec/errors.js';
import { runConfigSchema } from '../spec/run-config.js';
import type { TraceStore } from '../spec/store.js';
import { canonicalJson } from '../util/canonical-json.js';
import { jsonlLineSchema, type JsonlLine } from './jsonl-line.js';
import { describeZodIssue } from './zod-issue.js';

/** What an import did. */
export interface JsonlImportReport {
  /** Non-blank lines read. */
  lines: number;
  /** Units stored by this import. */
  imported: number;
  /** Units the store already held finished (kept as they were). */
  skipped: number;
  /** Runs created by this import, in order of first appearance. */
  createdRuns: string[];
}

/** Options of `importJsonl`. */
export interface JsonlImportOptions {
  /** Read from this stream instead of opening `file` (e.g. stdin); `file` still names it in errors. */
  input?: NodeJS.ReadableStream;
}

const LINE_HINT =
  'each line must be one unit in quorum JSONL trace format (docs/trace-format.md); lines before this one were imported, ' +
  'and importing the fixed file again skips them';

/**
 * Imports a JSONL trace file into a store, line by line.
 *
 * Each line is validated, then stored at once (its run created when
 * missing, the unit planned and completed in one transaction). A bad line
 * stops the import with a `DatasetFormatError` naming file, line and field;
 * the lines before it stay imported — nothing stored is lost, memory stays
 * flat on large files, and importing again after a fix skips what is there.
 * Importing the same file twice stores nothing twice: finished units keep
 * their first version and are counted as skipped.
 *
 * What is stored is the schema's output: unknown fields are dropped and
 * defaults (e.g. a turn's `draft`) filled in.
 */
export async function importJsonl(store: TraceStore, file: string, options: JsonlImportOptions = {}): Promise<JsonlImportReport> {
  const report: JsonlImportReport = { lines: 0, imported: 0, skipped: 0, createdRuns: [] };
  // Canonical JSON of each run's configuration, to catch a different run under the same id.
  const runs = new Map<string, string>();
  const input = options.input ?? createReadStream(file);
  const reader = createInterface({ input, crlfDelay: Infinity });
  let lineNumber = 0;
  try {
    for await (const text of reader) {
      lineNumber += 1;
      const trimmed = (lineNumber === 1 ? text.replace(/^\uFEFF/, '') : text).trim();
      if (trimmed === '') continue;
      report.lines += 1;
      const line = parseLine(file, lineNumber, trimmed);
      await ensureRun(store, line, runs, report, file, lineNumber);
      const [id] = await store.addUnits(line.run.id, [{ questionId: line.unit.questionId, protocol: line.unit.protocol, seed: line.unit.seed }]);
      const stored = await store.completeUnit(id!, {
        status: line.unit.status,
        events: line.events,
        summary: line.unit.summary,
        finishedAt: line.unit.finishedAt,
      });
      if (stored) report.imported += 1;
      else report.skipped += 1;
    }
  } catch (error) {
    if (isSystemError(error)) {
      throw new DatasetFormatError(file, lineNumber === 0 ? undefined : lineNumber, undefined, `cannot read the file: ${error.message}`, 'check the path and its permissions');
    }
    throw error;
  } finally {
    reader.close();
  }
  return report;
}

/** A Node system error (ENOENT, EACCES, EISDIR…) from reading the file. */
function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

function parseLine(file: string, lineNumber: number, text: string): JsonlLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatasetFormatError(file, lineNumber, undefined, `expected one JSON object per line, but the line is not valid JSON (${reason})`, LINE_HINT);
  }
  const checked = jsonlLineSchema.safeParse(value);
  if (!checked.success) {
    const issue = describeZodIssue(checked.error);
    throw new DatasetFormatError(file, lineNumber, issue.field, issue.message, LINE_HINT);
  }
  return checked.data;
}

async function ensureRun(
  store: TraceStore,
  line: JsonlLine,
  runs: Map<string, string>,
  report: JsonlImportReport,
  file: string,
  lineNumber: number,
): Promise<void> {
  const config = canonicalJson(line.run.config);
  let known = runs.get(line.run.id);
  if (known === undefined) {
    const existing = await store.getRun(line.run.id);
    if (existing === undefined) {
      await store.createRun({ id: line.run.id, createdAt: line.run.createdAt, status: line.run.status, config: line.run.config });
      report.createdRuns.push(line.run.id);
      known = config;
    } else {
      // Compared through the schema on both sides: a stored config may carry fields the schema drops.
      const stored = runConfigSchema.safeParse(existing.config);
      known = stored.success ? canonicalJson(stored.data) : canonicalJson(existing.config);
    }
    runs.set(line.run.id, known);
  }
  if (known !== config) {
    throw new DatasetFormatError(
      file,
      lineNumber,
      'run.config',
      `run ${line.run.id} is already stored with a different configuration`,
      'import into another store, or give the imported run another id',
    );
  }
}
