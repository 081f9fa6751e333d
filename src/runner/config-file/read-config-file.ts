import { readFile } from 'node:fs/promises';
import { LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { yamlData } from '../../util/yaml-data.js';
import type { ConfigFileFailure, ConfigFileProblem } from './config-file-error.js';
import { describeIssues } from './describe-issues.js';
import { renameKeys, writtenPath, type KeyRename, type RenamedKey } from './renamed-keys.js';
import { yamlPosition } from './yaml-position.js';

/** A config file parsed as YAML, its old keys moved, with the lines of its nodes. */
export interface ConfigDocument {
  file: string;
  /** The file as plain data, in the current dialect. */
  data: unknown;
  /** Old keys the file used, with their lines (see `noteRenamedKeys`). */
  renamed: readonly RenamedKey[];
  /**
   * A problem at `path` (of the current dialect), placed at the line of the
   * value as written — or of `key` inside it, for unknown keys; a missing
   * field falls back to its nearest parent.
   */
  locate(path: ReadonlyArray<PropertyKey>, message: string, key?: string): ConfigFileProblem;
}

/**
 * Parses the text of run.yaml or study.yaml. YAML syntax errors are all
 * reported at once with their lines, as are both spellings of a renamed key;
 * aliases that expand too far and an empty file are errors too.
 */
export function parseConfigDocument(text: string, file: string, fail: ConfigFileFailure, renames: readonly KeyRename[] = []): ConfigDocument {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0) {
    throw fail(
      document.errors.map((error) => {
        const position = error.linePos?.[0];
        // The parser's message ends with its own " at line L, column C" (and a code excerpt); the position is already shown.
        const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
        return { ...(position === undefined ? {} : { line: position.line, column: position.col }), message: `YAML syntax: ${message}` };
      }),
      'fix the YAML syntax (indentation, quotes, ":" after keys)',
    );
  }
  const read = yamlData(document);
  if ('problem' in read) throw fail([{ message: read.problem }], 'write the values out instead of repeating anchors');
  const data = read.data;
  if (data === null || data === undefined) throw fail([{ message: 'the file is empty' }]);
  let renamed: RenamedKey[] = [];
  const place = (path: ReadonlyArray<PropertyKey>, key?: string) => {
    const full = writtenPath([...path, ...(key === undefined ? [] : [key])], renamed);
    const position = key === undefined ? yamlPosition(document, lineCounter, full) : yamlPosition(document, lineCounter, full.slice(0, -1), String(full.at(-1)));
    return { ...(position === undefined ? {} : { line: position.line, column: position.column }), field: full.map(String).join('.') };
  };
  const moved = renameKeys(data, renames);
  if (moved.conflicts.length > 0) {
    throw fail(moved.conflicts.map((conflict) => ({ ...place(conflict.from.slice(0, -1), String(conflict.from.at(-1))), message: `give "${conflict.from.at(-1)}" (the old name) or "${conflict.to.slice(conflict.from.length - 1).join('.')}", not both` })));
  }
  renamed = moved.renamed.map((key) => {
    const { line, column } = place(key.from.slice(0, -1), String(key.from.at(-1)));
    return { ...key, ...(line === undefined ? {} : { line }), ...(column === undefined ? {} : { column }) };
  });
  renamed.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  return {
    file,
    data,
    renamed,
    locate(path, message, key) {
      const { field, ...position } = place(path, key);
      return { ...position, ...(field === '' ? {} : { field }), message };
    },
  };
}

/** Validates a parsed config file with its zod schema; every problem is reported at once, in line order. */
export function validateConfig<Schema extends z.ZodType>(schema: Schema, document: ConfigDocument, fail: ConfigFileFailure): z.output<Schema> {
  const parsed = schema.safeParse(document.data, { reportInput: true });
  if (parsed.success) return parsed.data;
  const problems = describeIssues(parsed.error.issues).map((issue) => document.locate(issue.path, issue.message, issue.key));
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  throw fail(problems);
}

/** The text of a config file; a missing or unreadable file is a located error naming it. */
export async function readConfigText(path: string, fail: ConfigFileFailure, hint: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw fail([{ message: code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? String(error)})` }], hint);
  }
}
