import { readFile } from 'node:fs/promises';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import { readForeignTraces } from './foreign-traces.js';
import type { ImportedTraceEntry } from './imported-trace.js';
import { isChatevalOutput, readChatevalOutput } from './importers/chateval-output.js';
import { isDuResults, readDuResults } from './importers/du-results.js';
import { isMallmLegacyOutput, readMallmLegacyOutput } from './importers/mallm-legacy-output.js';
import { isMallmOutput, readMallmOutput } from './importers/mallm-output.js';

/** Layouts `quorum audit --format` reads: quorum's foreign traces (v1/v2) and published debate outputs. */
export const TRANSCRIPT_FORMATS = ['quorum', 'du', 'mallm', 'chateval'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

/** A transcript file read as imported traces, with its text (whose hash names the run). */
export interface ReadTranscripts {
  text: string;
  format: TranscriptFormat;
  entries: ImportedTraceEntry[];
}

/**
 * Reads a debate transcript file in the given layout, or the one detected
 * from its content: one JSON object whose values are `[agent_contexts,
 * gold]` pairs is Du et al.'s, a list of objects with `exampleId` and
 * `globalMemory` MALLM's (or with `input` and a `global_memory` object, its
 * early layout), one with `question`, `response` and an
 * `evaluation` list ChatEval's; anything else is read as foreign traces.
 */
export async function readTranscripts(file: string, format?: TranscriptFormat): Promise<ReadTranscripts> {
  if (format === 'quorum') return foreign(file);
  const text = await readText(file);
  const json = wholeJson(text);
  const detected = format ?? detect(json);
  switch (detected) {
    case 'quorum':
      return foreign(file);
    case 'du':
      return { text, format: 'du', entries: readDuResults(file, text) };
    case 'mallm': {
      // Both MALLM layouts: the current one, and the one published before its April 2024 redesign.
      const value = parsedJson(file, text);
      return { text, format: 'mallm', entries: isMallmLegacyOutput(value) ? readMallmLegacyOutput(file, value) : readMallmOutput(file, value) };
    }
    case 'chateval':
      return { text, format: 'chateval', entries: readChatevalOutput(file, parsedJson(file, text)) };
  }
}

async function foreign(file: string): Promise<ReadTranscripts> {
  const { text, lines } = await readForeignTraces(file);
  return { text, format: 'quorum', entries: lines };
}

function detect(json: unknown): TranscriptFormat {
  if (json === undefined) return 'quorum';
  if (isDuResults(json)) return 'du';
  if (isMallmOutput(json) || isMallmLegacyOutput(json)) return 'mallm';
  if (isChatevalOutput(json)) return 'chateval';
  return 'quorum';
}

function parsedJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DatasetFormatError(file, undefined, undefined, `invalid JSON (${(error as Error).message})`, 'the file must be one JSON value');
  }
}

async function readText(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ConfigError(`traces file not found: ${file}`, 'pass a stored run id or the path of a transcript file');
    throw new ConfigError(`cannot read traces file ${file}: ${(error as Error).message}`);
  }
}

/** The file as one JSON value, or undefined when it is not one (a JSONL file of several lines is not). */
function wholeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
