import { ConfigError } from '../spec/errors.js';
import { parseAgentSpec } from '../runner/agent-spec.js';
import type { AgentRequest } from '../runner/start-run.js';
import { loadRatingsCsv, type Rating } from './ratings-csv.js';

/** Where the ratings of `--validate` come from (a CSV is read at once, so a bad file fails before any model loads). */
export type ValidationSource = { kind: 'csv'; path: string; ratings: Rating[] } | { kind: 'judge'; judge: AgentRequest };

/**
 * Reads a `--validate` value: `judge:<judge>` (the `--judge` grammar of
 * docs/agents.md: `[<name>=]<backend-spec>[,temperature=T][,top_p=P][,max_tokens=N]`)
 * rates with a judge backend; anything else is a ratings CSV file, read and
 * checked here.
 */
export async function parseValidationSource(value: string): Promise<ValidationSource> {
  const text = value.trim();
  if (text === '') throw new ConfigError('--validate needs a ratings CSV or judge:<backend-spec>', 'e.g. --validate ratings.csv or --validate judge:openai:gpt-4o@https://api.openai.com/v1');
  if (!text.startsWith('judge:')) return { kind: 'csv', path: text, ratings: await loadRatingsCsv(text) };
  return { kind: 'judge', judge: parseAgentSpec(text.slice('judge:'.length), { source: '--validate judge:', allowPersona: false }) };
}
