import type { FakeBehavior, RecordedRequest } from '../helpers/fake-openai-server.js';
import { roleOf } from './scripted-roles.js';

/**
 * Replies of a fake OpenAI-compatible server to DeALOG's five roles, by the
 * role its system prompt names. Each reply is read off the prompt, so it is
 * valid on any question: the TableAgent looks up the first cell of the
 * first numeric-looking column, the ContextAgent quotes the start of the
 * first passage shown, the VisualAgent copies the first OCR line, the
 * SummarizingAgent answers with the first LOOKUP's value (or the first
 * QUOTE's text; a number question gets its first number), citing it, and
 * the verifier says OK.
 */
export function fakeRoleReply(request: RecordedRequest): FakeBehavior {
  const prompt = request.body.messages.at(-1)?.content ?? '';
  const reply = (value: unknown): FakeBehavior => ({ kind: 'reply', text: JSON.stringify(value), promptTokens: 200, completionTokens: 20 });
  switch (roleOf(request.body)) {
    case 'TableAgent': {
      const table = /^Table "([^"]+)"/m.exec(prompt)?.[1];
      const header = /^\| row \| (.*) \|$/m.exec(prompt)?.[1]?.split(' | ');
      const first = /^\| (\d+) \| (.*) \|$/m.exec(prompt);
      if (table === undefined || header === undefined || first === null) return reply({ facts: [] });
      const cells = first[2]!.split(' | ');
      const column = Math.max(1, cells.findIndex((cell, index) => index > 0 && /\d/.test(cell)));
      return reply({ facts: [{ table, row: Number(first[1]), column: header[column] ?? header[0], value: cells[column] ?? cells[0] }] });
    }
    case 'ContextAgent': {
      // passages as every protocol shows them (src/protocols/render-question.ts): `Passage "<id>" (<title>):` then the text
      const passage = /^Passage "([^"]+)"(?: \([^)]*\))?:\n(.+)$/m.exec(prompt);
      if (passage === null) return reply({ quotes: [] });
      return reply({ quotes: [{ passage: passage[1], text: passage[2]!.split(/\s+/).slice(0, 6).join(' ') }] });
    }
    case 'VisualAgent': {
      const line = /^ {2}\d+: (.+) \[\d\.\d\d\]$/m.exec(prompt);
      const image = /^\[image ([^\]]+)\]/m.exec(prompt)?.[1];
      return reply({ readings: line === null || image === undefined ? [] : [{ image, text: line[1] }] });
    }
    case 'SummarizingAgent': {
      const numeric = (request.body.response_format?.json_schema?.schema['properties'] as Record<string, { type?: unknown }> | undefined)?.['answer']?.type;
      const lookup = /^#(\d+) LOOKUP \([^)]*\): .*: (.*)$/m.exec(prompt);
      const quote = /^#(\d+) (?:QUOTE|VISUAL) \([^)]*\): (.*)$/m.exec(prompt);
      const found = lookup ?? quote;
      const wantsNumber = Array.isArray(numeric) && numeric.includes('number');
      // the first number as written ("$ 1.2 billion ( $ 1,200 million )" answers 1.2)
      const value = found === null ? null : wantsNumber ? Number(/-?\d[\d,]*(?:\.\d+)?/.exec(found[2]!)?.[0].replace(/,/g, '')) || null : found[2];
      return reply({ known: found === null ? 'nothing yet' : `entry #${found[1]}`, missing: '', uses: found === null ? [] : [Number(found[1])], program: null, decision: 'ANSWER', answer: value, scale: '' });
    }
    case 'VerificationAgent':
      return reply({ reason: 'the cited entry states the answer', item: '', verdict: 'OK' });
  }
}
