import type { ChatMessage } from '../spec/chat.js';
import { StoreError } from '../spec/errors.js';
import type { TraceStore } from '../spec/store.js';
import type { TraceEvent, TurnEvent } from '../spec/trace.js';

/**
 * One preference pair in the conversational DPO format (as read by TRL's
 * DPOTrainer): the prompt messages, the chosen and the rejected reply, plus
 * where it came from and why the judge preferred it.
 */
export interface PreferencePair {
  prompt: ChatMessage[];
  chosen: ChatMessage[];
  rejected: ChatMessage[];
  /** The judge's rationale for its ranking of the drafts. */
  rationale: string;
  judge: string;
  scores: { chosen: number | null; rejected: number | null };
  source: { runId: string; questionId: string; seed: number; agent: string; round: number; chosenDraft: number; rejectedDraft: number };
}

/**
 * The preference pairs of one unit: for every judge choice among one agent's
 * drafts, the selected draft against each draft the judge did not select.
 */
export function unitPreferencePairs(events: readonly TraceEvent[], source: { runId: string; questionId: string; seed: number }): PreferencePair[] {
  const pairs: PreferencePair[] = [];
  for (const event of events) {
    if (event.type !== 'judge-rank' || event.purpose !== 'drafts' || event.agent === undefined) continue;
    const drafts = events.filter((other): other is TraceEvent & TurnEvent => other.type === 'turn' && other.agent === event.agent && other.round === event.round);
    const chosen = drafts.find((draft) => draft.selected);
    if (chosen === undefined) continue;
    const scoreOf = (draft: TurnEvent): number | null => event.scores?.[`${draft.agent}#${draft.draft}`] ?? null;
    for (const rejected of drafts.filter((draft) => !draft.selected)) {
      pairs.push({
        prompt: chosen.messages,
        chosen: [{ role: 'assistant', content: chosen.text }],
        rejected: [{ role: 'assistant', content: rejected.text }],
        rationale: event.rationale,
        judge: event.judge,
        scores: { chosen: scoreOf(chosen), rejected: scoreOf(rejected) },
        source: { ...source, agent: event.agent, round: event.round, chosenDraft: chosen.draft, rejectedDraft: rejected.draft },
      });
    }
  }
  return pairs;
}

/** The preference pairs of a run as JSONL lines, unit by unit. */
export async function* preferencePairLines(store: TraceStore, runId: string, pageSize = 200): AsyncGenerator<string> {
  if ((await store.getRun(runId)) === undefined) throw new StoreError(`no run with id ${runId}`, 'list the stored runs with `quorum runs`');
  for (let offset = 0; ; offset += pageSize) {
    const units = await store.listUnits(runId, { offset, limit: pageSize });
    for (const unit of units) {
      if (unit.status === 'pending') continue;
      for (const pair of unitPreferencePairs(await store.getEvents(unit.id), { runId, questionId: unit.questionId, seed: unit.seed })) yield JSON.stringify(pair);
    }
    if (units.length < pageSize) break;
  }
}
