import type { GdpStep } from '../../../spec/answer.js';

/** GDP steps: CLAIM — GROUND, with the stance toward a peer as an arrow. */
export function GdpStepList({ steps }: { steps: GdpStep[] }) {
  return (
    <ol className="gdp-steps">
      {steps.map((step, index) => (
        <li key={index}>
          <span className="claim">{step.claim}</span> <span className="ground">— {step.ground}</span>
          {step.stance !== undefined && (
            <div className={`stance stance-${step.stance.type}`}>
              → {step.stance.peer}: <strong>{step.stance.type}</strong>
              {step.stance.target !== undefined && <span className="target"> “{step.stance.target}”</span>}
              {step.stance.counterGround !== undefined && <span className="counter"> · counter-ground: {step.stance.counterGround}</span>}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
