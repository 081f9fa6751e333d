// Runs the plugin's protocol from a script on the scripted backend, then computes its metric and accuracy.
import { run, runMetrics, ScriptedBackend } from 'quorum';
import plugin from './solve-check.mjs';

const [solveCheck, checkerChanged] = plugin;

// the Solver always says B, the Checker always says C: a reply is a function of the request
const backend = new ScriptedBackend({ model: 'example', fallback: (request) => (request.messages.at(-1).content.includes('A colleague answered') ? 'On reflection: C.\nAnswer: C' : 'I think B.\nAnswer: B') });
const result = await run({ protocol: solveCheck, dataset: 'demo', limit: 2, backend });
const metrics = await runMetrics(result.store, result.runId, [checkerChanged, 'accuracy']);
console.log(JSON.stringify({ runId: result.runId, calls: backend.calls.length, metrics: Object.fromEntries(metrics.map(({ metric, values, mean }) => [metric.key, { values, mean }])) }));
await result.store.close();
