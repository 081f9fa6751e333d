import type { TraceEvent } from '../../../spec/trace.js';
import { Collapsible } from './collapsible.js';

/**
 * The question as the first agent received it. Traces do not store the
 * dataset's question, but every turn stores the exact messages it sent.
 */
export function PromptPanel({ events }: { events: readonly TraceEvent[] }) {
  const first = events.find((event) => event.type === 'turn');
  if (first === undefined || first.type !== 'turn') return null;
  const user = first.messages.filter((message) => message.role === 'user').at(-1);
  return (
    <section>
      <h2>Question</h2>
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
