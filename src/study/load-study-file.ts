import { dirname } from 'node:path';
import { parseBackendSpec } from '../backends/backend-spec.js';
import { readPersonaFile } from '../runner/agent-spec.js';
import { QuorumError } from '../spec/errors.js';
import { loadYamlPlugins } from '../runner/load-plugin.js';
import type { ConfigFileFailure } from '../runner/config-file/config-file-error.js';
import { parseConfigDocument, readConfigText, validateConfig } from '../runner/config-file/read-config-file.js';
import { interpolateEnv, MissingVariableError } from './interpolate-env.js';
import { StudyFileError, type StudyFileProblem } from './study-file-error.js';
import { studyFileSchema, type StudyFile } from './study-schema.js';

/**
 * Parses and validates the text of a study file. YAML syntax errors and
 * schema errors are all reported at once, each with its line and column
 * (`StudyFileError`); `file` is only used to name the file in messages.
 * Backend specs and dataset paths get `${VAR}` / `${VAR:-default}` from
 * `env` (paths too, because unlicensed data such as MedThink-Bench lives
 * wherever each user downloaded it).
 */
export function parseStudyFile(text: string, file: string, env: NodeJS.ProcessEnv = process.env): StudyFile {
  const fail: ConfigFileFailure = (problems, hint) => new StudyFileError(file, problems, hint);
  const document = parseConfigDocument(text, file, fail);
  const study = validateConfig(studyFileSchema, document, fail);
  const problems: StudyFileProblem[] = [];
  for (const [name, spec] of Object.entries(study.backends)) {
    try {
      study.backends[name] = interpolateEnv(spec, env);
      // Checked once the variables are in, so that a bad spec (a key in its URL, say) stops the study before any run is stored.
      parseBackendSpec(study.backends[name]!);
    } catch (error) {
      if (error instanceof MissingVariableError) problems.push(document.locate(['backends', name], `${error.message}; set it, or write \${${error.variable}:-<default>}`));
      else if (error instanceof QuorumError) problems.push(document.locate(['backends', name], `${error.message}${error.hint === undefined ? '' : ` (${error.hint})`}`));
      else throw error;
    }
  }
  study.datasets.forEach((dataset, index) => {
    if (dataset.path === undefined) return;
    try {
      dataset.path = interpolateEnv(dataset.path, env);
    } catch (error) {
      if (!(error instanceof MissingVariableError)) throw error;
      problems.push(document.locate(['datasets', index, 'path'], `${error.message}; set it, or write \${${error.variable}:-<default>}`));
    }
  });
  if (Array.isArray(study.agents)) {
    study.agents.forEach((agent, index) => {
      if (agent.personaFile === undefined) return;
      // read here, relative to the study file, so the study's identity holds the text an agent gets, not a path
      try {
        agent.persona = readPersonaFile(agent.personaFile, dirname(file), (reason) => new Error(reason));
        delete agent.personaFile;
      } catch (error) {
        problems.push(document.locate(['agents', index, 'personaFile'], error instanceof Error ? error.message : String(error)));
      }
    });
  }
  if (problems.length > 0) throw new StudyFileError(file, problems);
  return study;
}

/** Reads, parses and validates a study file (see `parseStudyFile`). */
export async function loadStudyFile(path: string, env: NodeJS.ProcessEnv = process.env): Promise<StudyFile> {
  const text = await readConfigText(path, (problems, hint) => new StudyFileError(path, problems, hint), 'check the path of the study file');
  await loadYamlPlugins(text, path);
  return parseStudyFile(text, path, env);
}
