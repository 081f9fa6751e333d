import type { DisplayConfig } from '../../server/api-types.js';
import { Collapsible } from './collapsible.js';
import { JsonView } from './json-view.js';

/**
 * The stored configuration: protocol parameters, agents, judge, dataset
 * (secrets already removed by the server). Folded by default: one line
 * says what ran, and the question table stays near the top of the page.
 */
export function RunConfigPanel({ config }: { config: DisplayConfig }) {
  const summary = `protocol ${config.protocol.name} · ${config.agents.length} agents${config.judge === undefined ? '' : ' + judge'} · ${config.dataset.name} (${config.dataset.questionCount} questions) · seeds ${config.seeds.join(', ')}`;
  return (
    <section>
      <h2>Configuration</h2>
      <Collapsible summary={summary}>{() => <ConfigDetails config={config} />}</Collapsible>
    </section>
  );
}

function ConfigDetails({ config }: { config: DisplayConfig }) {
  const agents = config.judge === undefined ? config.agents : [...config.agents, config.judge];
  return (
    <>
      <div className="config-grid">
        <div>
          <h3>protocol {config.protocol.name}</h3>
          <table className="data-table compact">
            <tbody>
              <tr>
                <th>preset</th>
                <td>{config.protocol.preset}</td>
              </tr>
              {Object.entries(config.protocol.params).map(([name, value]) => (
                <tr key={name}>
                  <th>{name}</th>
                  <td className="mono">{typeof value === 'string' ? value : JSON.stringify(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div>
          <h3>agents</h3>
          <table className="data-table compact">
            <thead>
              <tr>
                <th>name</th>
                <th>backend</th>
                <th>decoding</th>
              </tr>
            </thead>
            <tbody>
              {agents.map((agent, index) => (
                <tr key={`${agent.name}-${index}`}>
                  <td>
                    {agent.name}
                    {config.judge !== undefined && index === agents.length - 1 && <span className="muted"> (judge)</span>}
                    {agent.persona !== undefined && <div className="muted small">{agent.persona}</div>}
                  </td>
                  <td className="mono small">{agent.backend}</td>
                  <td className="mono small">{JSON.stringify(agent.decoding)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>dataset</h3>
          <p>
            {config.dataset.name} <span className="mono small">{config.dataset.path}</span> · {config.dataset.questionCount} questions
            {config.dataset.limit !== undefined && ` (limit ${config.dataset.limit})`} · seeds {config.seeds.join(', ')} · concurrency {config.concurrency} · quorum {config.codeVersion}
          </p>
        </div>
      </div>
      <Collapsible summary="configuration (JSON)">{() => <JsonView value={config} />}</Collapsible>
    </>
  );
}
