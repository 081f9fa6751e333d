import { readFile } from 'node:fs/promises';
import { parseBackendSpec } from '../backends/backend-spec.js';
import { QuorumError } from '../spec/errors.js';
import { yamlData } from '../util/yaml-data.js';
import { LineCounter, parseDocument } from 'yaml';
import { loadYamlPlugins } from '../runner/load-plugin.js';
import { describeIssues } from './describe-issue.js';
import { interpolateEnv, MissingVariableError } from './interpolate-env.js';
import { StudyFileError, type StudyFileProblem } from './study-file-error.js';
import { studyFileSchema, type StudyFile } from './study-schema.js';
import { yamlPosition } from './yaml-location.js';

/**
 * Parses and validates the text of a study file. YAML syntax errors and
 * schema errors are all reported at once, each with its line and column
 * (`StudyFileError`); `file` is only used to name the file in messages.
 * Backend specs and dataset paths get `${VAR}` / `${VAR:-default}` from
 * `env` (paths too, because unlicensed data such as MedThink-Bench lives
 * wherever each user downloaded it).
 */
export function parseStudyFile(text: string, file: string, env: NodeJS.ProcessEnv = process.env): StudyFile {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0) {
    throw new StudyFileError(
      file,
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
  if ('problem' in read) throw new StudyFileError(file, [{ message: read.problem }], 'write the values out instead of repeating anchors');
  const data = read.data;
  if (data === null || data === undefined) throw new StudyFileError(file, [{ message: 'the file is empty' }]);
  const parsed = studyFileSchema.safeParse(data, { reportInput: true });
  if (parsed.success) {
    const problems: StudyFileProblem[] = [];
    for (const [name, spec] of Object.entries(parsed.data.backends)) {
      try {
        parsed.data.backends[name] = interpolateEnv(spec, env);
        // Checked once the variables are in, so that a bad spec (a key in its URL, say) stops the study before any run is stored.
        parseBackendSpec(parsed.data.backends[name]!);
      } catch (error) {
        const position = yamlPosition(document, lineCounter, ['backends', name]);
        const where = { ...(position === undefined ? {} : { line: position.line, column: position.column }), field: `backends.${name}` };
        if (error instanceof MissingVariableError) problems.push({ ...where, message: `${error.message}; set it, or write \${${error.variable}:-<default>}` });
        else if (error instanceof QuorumError) problems.push({ ...where, message: `${error.message}${error.hint === undefined ? '' : ` (${error.hint})`}` });
        else throw error;
      }
    }
    parsed.data.datasets.forEach((dataset, index) => {
      if (dataset.path === undefined) return;
      try {
        dataset.path = interpolateEnv(dataset.path, env);
      } catch (error) {
        if (!(error instanceof MissingVariableError)) throw error;
        const position = yamlPosition(document, lineCounter, ['datasets', index, 'path']);
        problems.push({ ...(position === undefined ? {} : { line: position.line, column: position.column }), field: `datasets.${index}.path`, message: `${error.message}; set it, or write \${${error.variable}:-<default>}` });
      }
    });
    if (problems.length > 0) throw new StudyFileError(file, problems);
    return parsed.data;
  }
  const problems: StudyFileProblem[] = describeIssues(parsed.error.issues).map((issue) => {
    const position = yamlPosition(document, lineCounter, issue.path, issue.key);
    const field = [...issue.path, ...(issue.key === undefined ? [] : [issue.key])].map(String).join('.');
    return { ...(position === undefined ? {} : { line: position.line, column: position.column }), ...(field === '' ? {} : { field }), message: issue.message };
  });
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  throw new StudyFileError(file, problems);
}

/** Reads, parses and validates a study file (see `parseStudyFile`). */
export async function loadStudyFile(path: string, env: NodeJS.ProcessEnv = process.env): Promise<StudyFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StudyFileError(path, [{ message: code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? String(error)})` }], 'check the path of the study file');
  }
  await loadYamlPlugins(text, path);
  return parseStudyFile(text, path, env);
}
