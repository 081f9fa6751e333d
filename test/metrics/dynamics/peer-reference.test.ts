import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { peerReference } from '../../../src/metrics/dynamics/peer-reference.js';
import { hasStanceExpression } from '../../../src/metrics/dynamics/stance-expressions.js';
import type { GdpStep } from '../../../src/spec/answer.js';
import type { TurnEvent } from '../../../src/spec/trace.js';

type TurnShape = Pick<TurnEvent, 'agent' | 'saw' | 'parsed'>;

const answer = { status: 'ok' as const, value: '3.4' };
const sawPeers = (...agents: string[]): TurnShape['saw'] => agents.map((agent) => ({ agent, round: 0 }));

function freeTurn(rationale: string, saw: TurnShape['saw'] = sawPeers('Agent A', 'Agent B', 'Agent C')): TurnShape {
  return { agent: 'Agent A', saw, parsed: { answer, rationale, source: 'text' } };
}

function gdpTurn(steps: GdpStep[], saw: TurnShape['saw'] = sawPeers('Agent A', 'Agent B')): TurnShape {
  return { agent: 'Agent A', saw, parsed: { answer, rationale: steps.map((step) => `${step.claim} — ${step.ground}`).join('\n'), steps, source: 'json' } };
}

describe('peer reference (PRR numerator)', () => {
  it('GDP: a STANCE toward a peer whose turn was shown', () => {
    const stance = (peer: string): GdpStep => ({ claim: 'Shelter inflation persists', ground: 'rents lag', stance: { peer, type: 'DISAGREE', counterGround: 'x' } });
    assert.equal(peerReference(gdpTurn([{ claim: 'c', ground: 'g' }, stance('Agent B')])), 'stance');
    // Agent C's turn was not shown to Agent A: a stance toward it references no claim
    assert.equal(peerReference(gdpTurn([stance('Agent C')])), null);
  });

  it('GDP: steps without a STANCE do not count, even when the text names a peer', () => {
    assert.equal(peerReference(gdpTurn([{ claim: 'I agree with Agent B', ground: 'same data' }])), null);
  });

  it("free text: a seen peer's full name and a stance expression in the same sentence", () => {
    assert.equal(peerReference(freeTurn("Agent B's forecast of 3.5 is too high given the trend.")), 'text');
    assert.equal(peerReference(freeTurn('Shelter keeps rising.\nI build on agent_c and add the rent lag.')), 'text');
    assert.equal(peerReference(freeTurn('The trend is flat. I disagree with agent b here.')), 'text');
  });

  it('free text: no position, different sentences, initials, unseen peers and oneself do not count', () => {
    assert.equal(peerReference(freeTurn('As Agent B noted, shelter costs are rising.')), null);
    assert.equal(peerReference(freeTurn('I agree that the trend is flat. Agent B mentioned shelter.')), null);
    assert.equal(peerReference(freeTurn('I agree with a higher value and with B.')), null);
    assert.equal(peerReference(freeTurn('I disagree with Agent C.', sawPeers('Agent B'))), null);
    assert.equal(peerReference(freeTurn('Agent A agrees with itself.', sawPeers('Agent A'))), null);
    assert.equal(peerReference(freeTurn('I agree with Agent B.', [])), null);
  });

  it('stance expressions match at word starts, case-insensitively', () => {
    assert.ok(hasStanceExpression('I DISAGREE'));
    assert.ok(hasStanceExpression('that overestimates it'));
    assert.ok(hasStanceExpression('building   upon that'));
    assert.ok(!hasStanceExpression('the meagre data')); // "agre" inside a word is not "agree"
    assert.ok(!hasStanceExpression('as noted above'));
  });
});
