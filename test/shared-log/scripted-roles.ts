import type { ChatRequest } from '../../src/spec/chat.js';
import type { Agent } from '../../src/spec/protocol.js';
import type { Question } from '../../src/spec/question.js';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { DEALOG_ROLES, type DealogRole } from '../../src/protocols/shared-log/dealog-params.js';
import type { OcrReader } from '../../src/protocols/shared-log/dealog-env.js';
import { OCR_ENGINE } from '../../src/tools/ocr/ocr-line.js';

/** The role a DeALOG request was written for (its system prompt starts "You are the <role> of a team"). */
export function roleOf(request: ChatRequest | { messages: Array<{ role: string; content: string }> }): DealogRole {
  const match = /^You are the (\w+) of a team/.exec(request.messages[0]?.content ?? '');
  const role = match?.[1] as DealogRole | undefined;
  if (role === undefined || !DEALOG_ROLES.includes(role)) throw new Error('request does not name a DeALOG role');
  return role;
}

/** Replies per role, in order; a role with no reply left answers its "nothing to add" reply. */
export type RoleScript = Partial<Record<DealogRole, Array<Record<string, unknown>>>>;

const NOTHING: Record<DealogRole, Record<string, unknown>> = {
  TableAgent: { facts: [] },
  ContextAgent: { quotes: [] },
  VisualAgent: { readings: [] },
  SummarizingAgent: { known: '', missing: '', uses: [], program: null, decision: 'SUMMARY', answer: null, scale: '' },
  VerificationAgent: { reason: 'supported', item: '', verdict: 'OK' },
};

/** A scripted backend answering each role from its own queue; `calls` records who was asked, in order. */
export function scriptedRoles(script: RoleScript): { backend: ScriptedBackend; calls: DealogRole[] } {
  const queues = new Map(Object.entries(script).map(([role, replies]) => [role, [...(replies ?? [])]]));
  const calls: DealogRole[] = [];
  const backend = new ScriptedBackend({
    fallback: (request) => {
      const role = roleOf(request);
      calls.push(role);
      return JSON.stringify(queues.get(role)?.shift() ?? NOTHING[role]);
    },
  });
  return { backend, calls };
}

/** The five DeALOG agents on one backend. */
export function roleAgents(backend: ScriptedBackend): Agent[] {
  return DEALOG_ROLES.map((name) => ({ name, backend, decoding: { temperature: 0 } }));
}

/** An OCR stand-in that "reads" fixed lines from any image. */
export function fakeOcr(lines: Array<[string, number]>): OcrReader & { reads: number } {
  const reader = {
    reads: 0,
    async read() {
      reader.reads += 1;
      const all = lines.map(([text, confidence]) => ({ text, confidence }));
      return { lines: all.filter((line) => line.confidence >= 0.5), dropped: all.filter((line) => line.confidence < 0.5), engine: OCR_ENGINE, timings: { loadMs: 0, detectMs: 0 } };
    },
  };
  return reader;
}

/** A small FinQA-like question: a revenue table, three passages, one chart image. */
export function revenueQuestion(overrides: Partial<Question> = {}): Question {
  return {
    id: 'test:revenue',
    prompt: 'What was the percentage change in revenue from 2018 to 2019?',
    gold: { kind: 'number', value: 1.64, tolerance: 0.005 },
    context: {
      tables: [{ id: 'table', header: ['item', '2019', '2018'], rows: [['revenue', '5829', '5735'], ['net income', '1200', '1100']], caption: 'in millions' }],
      passages: [
        { id: 'text_0', text: 'Revenue grew on higher volumes in 2019 .' },
        { id: 'text_1', text: 'All amounts are in millions of dollars .' },
        { id: 'text_2', text: 'The company opened 12 new stores .' },
      ],
      images: [{ id: 'chart', path: 'data:image/png;base64,iVBORw0KGgo=' }],
    },
    ...overrides,
  };
}
