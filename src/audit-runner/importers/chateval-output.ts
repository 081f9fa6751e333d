import { z } from 'zod';
import { DatasetFormatError } from '../../spec/errors.js';
import { describeZodIssue } from '../../store/zod-issue.js';
import type { ImportedTraceEntry } from '../imported-trace.js';
import { agentNames } from './agent-names.js';
import { chatevalScores, chatevalVerdict } from './chateval-verdict.js';

const HINT = 'a ChatEval output file is the JSON list llm_eval.py writes: one object per question with "question", "response" (the compared answers by model) and "evaluation" (each referee\'s "role" and "evaluation")';

/** What ChatEval's updater writes when no agent spoke in a turn. */
const SILENCE = '[Silence]';

const sampleSchema = z.looseObject({
  question: z.string(),
  response: z.record(z.string(), z.string()),
  evaluation: z.array(z.looseObject({ role: z.string(), evaluation: z.string() })).min(1, 'no referee evaluation'),
});

/** True when a parsed JSON value looks like ChatEval's output: a list of objects with `question`, `response` and an `evaluation` list. */
export function isChatevalOutput(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every((sample) => typeof sample === 'object' && sample !== null && 'question' in sample && 'response' in sample && Array.isArray((sample as { evaluation?: unknown }).evaluation));
}

/**
 * Reads the output of ChatEval's `llm_eval.py` (`thunlp/ChatEval`,
 * `pair_comparison_results.json`) as imported traces. The file keeps only
 * the last message of each referee (`get_evaluation`, "every_agent"), so a
 * trace has one round. A referee's answer is its verdict between the two
 * compared responses ("1", "2" or "tie") from its two score lines; the
 * aggregated answer compares the referees' mean scores. A `[Silence]`
 * message (nobody spoke; its sender is empty) is a turn without text or
 * answer; empty roles are named "Agent N". The layout has no gold.
 */
export function readChatevalOutput(file: string, value: unknown): ImportedTraceEntry[] {
  if (!Array.isArray(value)) throw new DatasetFormatError(file, undefined, undefined, 'expected a JSON list of questions', HINT);
  if (value.length === 0) throw new DatasetFormatError(file, undefined, undefined, 'the output holds no questions', HINT);
  return value.map((raw, index) => {
    const parsed = sampleSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = describeZodIssue(parsed.error);
      throw new DatasetFormatError(file, undefined, `question ${index + 1}${issue.field === undefined ? '' : `.${issue.field}`}`, issue.message, HINT);
    }
    const sample = parsed.data;
    const names = agentNames(sample.evaluation.map((entry) => entry.role));
    const scores = sample.evaluation.map((entry) => (entry.evaluation.trim() === SILENCE ? undefined : chatevalScores(entry.evaluation)));
    const scored = scores.filter((pair): pair is [number, number] => pair !== undefined);
    const mean = (at: 0 | 1) => scored.reduce((sum, pair) => sum + pair[at], 0) / scored.length;
    const compared = Object.entries(sample.response);
    return {
      line: undefined,
      trace: {
        questionId: `chateval-${String(index + 1).padStart(3, '0')}`,
        question: sample.question,
        // the compared responses are what the referees judged: "1" is the first listed, as llm_eval.py shows them
        options: Object.fromEntries(compared.map(([, text], at) => [String(at + 1), text])),
        gold: null,
        protocol: 'chateval',
        seed: 0,
        aggregated: scored.length === 0 ? null : chatevalVerdict([mean(0), mean(1)]),
        meta: { compared: compared.map(([model]) => model) },
        agents: sample.evaluation.map((entry, at) => {
          const silent = entry.evaluation.trim() === SILENCE;
          return { name: names[at]!, rounds: [{ answer: silent ? null : chatevalVerdict(scores[at]), rationale: silent ? '' : entry.evaluation }] };
        }),
      },
    };
  });
}
