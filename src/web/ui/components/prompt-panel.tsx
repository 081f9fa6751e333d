import type { TraceEvent } from '../../../spec/trace.js';
import { Collapsible } from './collapsible.js';

/**
 * The question as the first agent received it. Traces do not store the
 * dataset's question, but every turn stores the exact messages it sent.
 */
export function PromptPanel({ events, sharedLog = false }: { events: readonly TraceEvent[]; sharedLog?: boolean }) {
  const turns = events.filter((event) => event.type === 'turn');
  const userText = (turn: (typeof turns)[number]) => turn.messages.filter((message) => message.role === 'user').at(-1)?.content;
  // In a shared log the first turn may be a specialist's tool prompt; the question is in the first prompt that states it.
  const first = (sharedLog ? turns.find((turn) => /(^|\n)Question:/.test(userText(turn) ?? '')) : undefined) ?? turns[0];
  if (first === undefined) return null;
  const user = first.messages.filter((message) => message.role === 'user').at(-1);
  return (
    <section>
      <h2>Prompt as sent</h2>
      <pre className="prompt-text">{user?.content ?? '(no user message)'}</pre>
      <Collapsible summary={`all messages sent to ${first.agent} in round ${first.round}`}>
        {() => (
          <div className="messages">
            {first.messages.map((message, index) => (
              <div key={index} className={`message role-${message.role}`}>
                <div className="role">{message.role}</div>
                <pre>{message.content}</pre>
              </div>
            ))}
          </div>
        )}
      </Collapsible>
    </section>
  );
}
