import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { GDP_LIMITS, gdpResponseSchema, parseGdpTurn } from '../../src/parsing/gdp-steps.js';
import { parsedTurnSchema } from '../../src/spec/answer.js';
import type { Question } from '../../src/spec/question.js';

const MCQ: Question = {
  id: 'q1',
  prompt: 'A farmer has miosis, bradycardia and bronchorrhoea after spraying pesticides. Which drug treats the muscarinic signs?',
  options: { A: 'Physostigmine', B: 'Pralidoxime', C: 'Atropine', D: 'Epinephrine' },
  gold: { kind: 'choice', value: 'C' },
};
const PEERS = ['Agent B', 'Agent C'];
const options = { peers: PEERS };

/** A JSON-schema object as zod, to check replies against the schema we hand to servers. */
const asZod = (schema: Record<string, unknown>) => z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);

describe('gdpResponseSchema', () => {
  it('round 0 has claim and ground only, an enum answer and size limits', () => {
    const schema = gdpResponseSchema(MCQ, { round: 0, peers: [] }) as any;
    assert.deepEqual(schema.required, ['steps', 'answer']);
    assert.equal(schema.additionalProperties, false);
    assert.deepEqual(schema.properties.answer, { type: 'string', enum: ['A', 'B', 'C', 'D'] });
    const steps = schema.properties.steps;
    assert.equal(steps.minItems, 1);
    assert.equal(steps.maxItems, GDP_LIMITS.maxSteps);
    assert.deepEqual(Object.keys(steps.items.properties), ['claim', 'ground']);
    assert.deepEqual(steps.items.required, ['claim', 'ground']);
    assert.equal(steps.items.properties.claim.maxLength, 300);
    assert.equal(steps.items.properties.ground.maxLength, 300);
  });

  it('round ≥ 1 adds a stance whose fields are nullable, with the peer an enum of the peers', () => {
    const schema = gdpResponseSchema(MCQ, { round: 1, peers: PEERS }) as any;
    const items = schema.properties.steps.items;
    assert.deepEqual(items.required, ['claim', 'ground', 'stance']);
    const stance = items.properties.stance;
    assert.equal(stance.type, 'object');
    assert.deepEqual(stance.properties.peer, { type: ['string', 'null'], enum: [...PEERS, null] });
    assert.deepEqual(stance.properties.type.enum, ['AGREE', 'DISAGREE', 'EXTEND', null]);
    assert.deepEqual(stance.required, ['peer', 'type', 'target', 'counterGround']);
    // No unions: node-llama-cpp turns anyOf into null and OpenAI strict mode lacks oneOf.
    assert.ok(!/"(?:anyOf|oneOf)"/.test(JSON.stringify(schema)));
  });

  it('accepts well-formed replies and rejects bad ones (checked with a JSON-schema validator)', () => {
    const validator = asZod(gdpResponseSchema(MCQ, { round: 1, peers: PEERS }));
    const none = { peer: null, type: null, target: null, counterGround: null };
    const step = { claim: 'Atropine reverses bradycardia.', ground: 'M2 antagonism at the SA node.', stance: none };
    const disagree = { ...step, stance: { peer: 'Agent B', type: 'DISAGREE', target: 'Pralidoxime is enough.', counterGround: 'Oximes act at nicotinic sites.' } };
    assert.ok(validator.safeParse({ steps: [step, disagree], answer: 'C' }).success);
    assert.ok(!validator.safeParse({ steps: [], answer: 'C' }).success, 'at least one step');
    assert.ok(!validator.safeParse({ steps: [{ ...step, stance: null }], answer: 'C' }).success, 'stance is an object');
    assert.ok(!validator.safeParse({ steps: [step], answer: 'E' }).success, 'answer outside the options');
    assert.ok(!validator.safeParse({ steps: [{ ...disagree, stance: { ...disagree.stance, peer: 'Agent Z' } }], answer: 'C' }).success, 'unknown peer');
    assert.ok(!validator.safeParse({ steps: Array(9).fill(step), answer: 'C' }).success, 'too many steps');
    assert.ok(!validator.safeParse({ steps: [{ ...step, claim: 'x'.repeat(301) }], answer: 'C' }).success, 'claim too long');
  });

  it('uses a number answer for numeric questions and a bounded string for text', () => {
    const numeric = gdpResponseSchema({ ...MCQ, options: undefined, gold: { kind: 'number', value: 3 } }, { round: 0, peers: [] }) as any;
    assert.deepEqual(numeric.properties.answer, { type: 'number' });
    const text = gdpResponseSchema({ ...MCQ, options: undefined, gold: { kind: 'none' } }, { round: 0, peers: [] }) as any;
    assert.equal(text.properties.answer.type, 'string');
    assert.equal(text.properties.answer.maxLength, GDP_LIMITS.answerMaxLength);
  });
});

describe('parseGdpTurn from JSON', () => {
  it('uses the backend’s parsed JSON and canonicalises peers', () => {
    const json = {
      steps: [
        { claim: 'Atropine reverses bradycardia.', ground: 'M2 antagonism at the SA node.', stance: { peer: null, type: null, target: null, counterGround: null } },
        { claim: 'Pralidoxime alone is not enough.', ground: 'Oximes act mainly at nicotinic sites.', stance: { peer: 'agent b', type: 'disagree', target: null, counterGround: 'Muscarinic signs need atropine.' } },
      ],
      answer: 'C',
    };
    const turn = parseGdpTurn(JSON.stringify(json), json, MCQ, options);
    assert.doesNotThrow(() => parsedTurnSchema.parse(turn));
    assert.equal(turn.source, 'json');
    assert.deepEqual(turn.answer, { status: 'ok', value: 'C', rule: 'json' });
    assert.equal(turn.steps?.length, 2);
    assert.deepEqual(turn.steps?.[1]?.stance, { peer: 'Agent B', type: 'DISAGREE', counterGround: 'Muscarinic signs need atropine.' });
    assert.equal(turn.rationale, 'Atropine reverses bradycardia. — M2 antagonism at the SA node.\nPralidoxime alone is not enough. — Oximes act mainly at nicotinic sites.');
    assert.equal(turn.warnings, undefined);
  });

  it('parses JSON text when the backend gave no parsed value (fenced, snake_case keys)', () => {
    const text = '```json\n{"steps":[{"claim":"Cholinergic excess.","ground":"SLUDGE signs.","stance":{"agent":"Agent C","type":"EXTEND","counter_ground":null}}],"answer":"(C)"}\n```';
    const turn = parseGdpTurn(text, undefined, MCQ, options);
    assert.equal(turn.source, 'json');
    assert.equal(turn.answer.value, 'C');
    assert.deepEqual(turn.steps?.[0]?.stance, { peer: 'Agent C', type: 'EXTEND' });
  });

  it('warns about DISAGREE without counter-ground and stances toward unknown peers', () => {
    const json = {
      steps: [
        { claim: 'Epinephrine is wrong here.', ground: 'It does not block muscarinic receptors.', stance: { peer: 'Agent B', type: 'DISAGREE', target: null, counterGround: null } },
        { claim: 'Atropine is first-line.', ground: 'Guidelines for organophosphate poisoning.', stance: { peer: 'Agent Q', type: 'AGREE', target: null, counterGround: null } },
      ],
      answer: 'C',
    };
    const turn = parseGdpTurn('', json, MCQ, options);
    assert.deepEqual(turn.warnings, [
      'step 1: DISAGREE with Agent B has no counter-ground',
      'step 2: stance toward unknown peer "Agent Q" (peers: Agent B, Agent C)',
    ]);
  });

  it('drops invalid steps with a warning that names the field, keeping valid ones', () => {
    const json = { steps: [{ claim: 'Atropine is first-line.', ground: 'Muscarinic blockade.' }, { claim: 42, ground: 'x' }], answer: 'C' };
    const turn = parseGdpTurn('', json, MCQ, options);
    assert.equal(turn.source, 'json');
    assert.equal(turn.steps?.length, 1);
    assert.match(turn.warnings?.[0] ?? '', /^JSON steps\[1\]\.claim: .*step dropped$/);
  });

  it('keeps a step whose stance is malformed, without the stance', () => {
    const json = {
      steps: [
        { claim: 'Atropine is first-line.', ground: 'Muscarinic blockade.', stance: { peer: 'Agent B', type: 'NEUTRAL' } },
        { claim: 'Oximes help early.', ground: 'They reactivate the enzyme before ageing.', stance: 'DISAGREE with B — counter-ground: ageing happens within hours.' },
        { claim: 'Epinephrine is not indicated.', ground: 'No anaphylaxis.', stance: 'looks fine to me' },
      ],
      answer: 'C',
    };
    const turn = parseGdpTurn('', json, MCQ, options);
    assert.equal(turn.steps?.length, 3);
    assert.equal(turn.steps?.[0]?.stance, undefined);
    assert.deepEqual(turn.steps?.[1]?.stance, { peer: 'Agent B', type: 'DISAGREE', counterGround: 'ageing happens within hours.' });
    assert.equal(turn.steps?.[2]?.stance, undefined);
    assert.equal(turn.warnings?.length, 2);
    assert.match(turn.warnings?.[0] ?? '', /^JSON steps\[0\]\.stance\.type: .*; stance ignored$/);
    assert.match(turn.warnings?.[1] ?? '', /^JSON steps\[2\]\.stance: .*has no AGREE, DISAGREE or EXTEND; stance ignored$/);
  });

  it('falls back to the text when the JSON has no steps', () => {
    const text = 'CLAIM: Atropine is first-line.\nGROUND: Muscarinic blockade.\nAnswer: C';
    const turn = parseGdpTurn(text, { answer: 'C' }, MCQ, options);
    assert.equal(turn.source, 'text');
    assert.equal(turn.steps?.length, 1);
    assert.ok(turn.warnings?.some((warning) => warning.includes('no "steps" array')));
  });

  it('falls back to parsing the answer from text when the JSON answer is missing', () => {
    const json = { steps: [{ claim: 'Atropine is first-line.', ground: 'Muscarinic blockade.' }] };
    const turn = parseGdpTurn('... Answer: C', json, MCQ, options);
    assert.equal(turn.answer.value, 'C');
    assert.equal(turn.answer.rule, 'explicit');
  });
});

describe('parseGdpTurn from text', () => {
  it('reads CLAIM / GROUND / STANCE lines with an inline counter-ground', () => {
    const text = [
      'CLAIM: Atropine increases heart rate.',
      'GROUND: Muscarinic M2 antagonism at the SA node.',
      'STANCE: DISAGREE with Agent B — counter-ground: pralidoxime does not reverse muscarinic bradycardia.',
      'Answer: C',
    ].join('\n');
    const turn = parseGdpTurn(text, undefined, MCQ, options);
    assert.doesNotThrow(() => parsedTurnSchema.parse(turn));
    assert.equal(turn.source, 'text');
    assert.deepEqual(turn.steps, [
      {
        claim: 'Atropine increases heart rate.',
        ground: 'Muscarinic M2 antagonism at the SA node.',
        stance: { peer: 'Agent B', type: 'DISAGREE', counterGround: 'pralidoxime does not reverse muscarinic bradycardia.' },
      },
    ]);
    assert.equal(turn.answer.value, 'C');
    assert.equal(turn.rationale, 'Atropine increases heart rate. — Muscarinic M2 antagonism at the SA node.');
    assert.equal(turn.warnings, undefined);
  });

  it('reads numbered steps with CLAIM and GROUND on one line and "STANCE (Agent C): AGREE"', () => {
    const text = [
      '1. CLAIM: The patient has organophosphate poisoning. GROUND: SLUDGE signs and miosis after pesticide exposure.',
      '2. CLAIM: Atropine is first-line. GROUND: It blocks muscarinic receptors.',
      'STANCE (Agent C): AGREE',
      '',
      '**Final answer: C**',
    ].join('\n');
    const turn = parseGdpTurn(text, undefined, MCQ, options);
    assert.equal(turn.steps?.length, 2);
    assert.deepEqual(turn.steps?.[0], { claim: 'The patient has organophosphate poisoning.', ground: 'SLUDGE signs and miosis after pesticide exposure.' });
    assert.deepEqual(turn.steps?.[1]?.stance, { peer: 'Agent C', type: 'AGREE' });
    assert.equal(turn.answer.value, 'C');
  });

  it('reads markdown bold labels, lowercase labels, quoted targets and unknown peers', () => {
    const text = [
      '**Claim:** Bradycardia here is muscarinic.',
      '**Ground:** M2 receptors slow the SA node.',
      '**Stance:** EXTEND Agent C\'s claim that "atropine is first-line"',
      '',
      'claim: Epinephrine is not indicated.',
      'ground: Hypotension is not the main problem.',
      'stance: disagree with agent d',
      '',
      'Answer: (C)',
    ].join('\n');
    const turn = parseGdpTurn(text, undefined, MCQ, options);
    assert.equal(turn.steps?.length, 2);
    assert.deepEqual(turn.steps?.[0]?.stance, { peer: 'Agent C', type: 'EXTEND', target: 'atropine is first-line' });
    assert.deepEqual(turn.steps?.[1]?.stance, { peer: 'Agent D', type: 'DISAGREE' });
    assert.deepEqual(turn.warnings, ['step 2: stance toward unknown peer "Agent D" (peers: Agent B, Agent C)', 'step 2: DISAGREE with Agent D has no counter-ground']);
  });

  it('reads stance-first steps, step headings and COUNTER-GROUND on its own line', () => {
    const text = [
      '### Step 1',
      'STANCE: DISAGREE with B',
      'CLAIM: Pralidoxime alone will not fix the bradycardia.',
      'GROUND: Oximes act mainly at nicotinic sites.',
      'COUNTER-GROUND: Bradycardia is mediated by muscarinic M2 receptors.',
      '### Step 2',
      'CLAIM: Atropine should be titrated to drying of secretions.',
      'GROUND: Standard organophosphate management.',
      'Answer: C',
    ].join('\n');
    const turn = parseGdpTurn(text, undefined, MCQ, options);
    assert.deepEqual(turn.steps, [
      {
        claim: 'Pralidoxime alone will not fix the bradycardia.',
        ground: 'Oximes act mainly at nicotinic sites.',
        stance: { peer: 'Agent B', type: 'DISAGREE', counterGround: 'Bradycardia is mediated by muscarinic M2 receptors.' },
      },
      { claim: 'Atropine should be titrated to drying of secretions.', ground: 'Standard organophosphate management.' },
    ]);
    assert.equal(turn.warnings, undefined);
  });

  it('reads "- Claim — …" dash labels and ignores words like "background:"', () => {
    const text = 'Background: a farmer after spraying.\n- Claim — Miosis indicates cholinergic excess.\n- Ground — Muscarinic stimulation of the pupillary sphincter.\nAnswer: C';
    const turn = parseGdpTurn(text, undefined, MCQ, options);
    assert.deepEqual(turn.steps, [{ claim: 'Miosis indicates cholinergic excess.', ground: 'Muscarinic stimulation of the pupillary sphincter.' }]);
  });

  it('attaches a GROUND written before its CLAIM to that claim', () => {
    const turn = parseGdpTurn('GROUND: Muscarinic blockade.\nCLAIM: Atropine is first-line.\nAnswer: C', undefined, MCQ, options);
    assert.deepEqual(turn.steps, [{ claim: 'Atropine is first-line.', ground: 'Muscarinic blockade.' }]);
  });

  it('drops a step without CLAIM and warns about a CLAIM without GROUND', () => {
    const text = 'CLAIM: Atropine is first-line.\nGROUND: Muscarinic blockade.\n\nCLAIM: Oximes help early.\nSTANCE: AGREE with Agent B\nSTANCE: EXTEND Agent C\nAnswer: C';
    const turn = parseGdpTurn(text, undefined, MCQ, options);
    assert.deepEqual(turn.steps, [
      { claim: 'Atropine is first-line.', ground: 'Muscarinic blockade.' },
      { claim: 'Oximes help early.', ground: '', stance: { peer: 'Agent B', type: 'AGREE' } },
    ]);
    assert.deepEqual(turn.warnings, ['a step without CLAIM was dropped (STANCE only)', 'step 2: CLAIM without GROUND']);
    assert.equal(turn.rationale, 'Atropine is first-line. — Muscarinic blockade.\nOximes help early.');
  });

  it('ignores a stance without a type or a peer, with a warning', () => {
    const text = 'CLAIM: Atropine is first-line.\nGROUND: Muscarinic blockade.\nSTANCE: I see it the same way.\nAnswer: C';
    const turn = parseGdpTurn(text, undefined, MCQ, options);
    assert.equal(turn.steps?.[0]?.stance, undefined);
    assert.match(turn.warnings?.[0] ?? '', /has no AGREE, DISAGREE or EXTEND; stance ignored/);
  });

  it('is failed, with the free rationale, when no step can be found', () => {
    const turn = parseGdpTurn('Atropine blocks muscarinic receptors, so it treats the bradycardia.\nAnswer: C', undefined, MCQ, options);
    assert.equal(turn.source, 'failed');
    assert.equal(turn.steps, undefined);
    assert.equal(turn.rationale, 'Atropine blocks muscarinic receptors, so it treats the bradycardia.');
    assert.equal(turn.answer.value, 'C');
    assert.deepEqual(turn.warnings, ['no CLAIM/GROUND steps found']);
  });
});

describe('numeric GDP answers given as JSON numbers', () => {
  it('keeps the number as it is, exponents included', () => {
    const question: Question = { id: 'f', prompt: 'next value?', gold: { kind: 'number', value: 3.1 } };
    const reply = { steps: [{ claim: 'trend is flat', ground: 'last 12 months' }], answer: 4.9779e51 };
    const parsed = parseGdpTurn(JSON.stringify(reply), reply, question, { peers: [] });
    assert.deepEqual(parsed.answer, { status: 'ok', value: '4.9779e+51', rule: 'json' });
    assert.equal(Number(parsed.answer.value), 4.9779e51);
  });
});
