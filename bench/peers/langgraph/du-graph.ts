/**
 * The peers' job in LangGraph.js: Du et al.'s debate as a StateGraph with one
 * node per round, the agents of a round called in parallel through
 * `@langchain/openai`'s ChatOpenAI against the same stub, the same prompts
 * as quorum's `du` and the Python loop. Questions run `inFlight ÷ agents`
 * graphs at a time, so about `inFlight` calls are in flight. Nothing is
 * stored. Prints one JSON line: calls and wall seconds.
 *
 * Usage: node --import tsx du-graph.ts <base-url> <medqa.jsonl> <agents> <rounds> <in-flight>
 */
import { readFileSync } from 'node:fs';
import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import { Annotation, END, START, StateGraph } from '@langchain/langgraph';
import { ChatOpenAI } from '@langchain/openai';

const [baseUrl, dataFile, agentsText, roundsText, inFlightText] = process.argv.slice(2) as [string, string, string, string, string];
const agents = Number(agentsText);
const rounds = Number(roundsText);
const items = readFileSync(dataFile, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { question: string; options: Record<string, string> });
const model = new ChatOpenAI({ model: 'm', apiKey: 'none', configuration: { baseURL: baseUrl }, temperature: 0.7, maxTokens: 768, maxRetries: 2 });
let calls = 0;

const questionPrompt = (item: (typeof items)[number]) =>
  `Can you answer the following question as accurately as possible? ${item.question}: ${Object.entries(item.options).map(([letter, text]) => `${letter}) ${text}`).join(', ')} Explain your answer, putting the answer in the form (X) at the end of your response.`;
const debatePrompt = (peers: string[]) =>
  `These are the solutions to the problem from other agents: ${peers.map((reply) => `\n\n One agent solution: \`\`\`${reply}\`\`\``).join('')}\n\n Using the reasoning from other agents as additional advice, can you give an updated answer? Examine your solution and that other agents step by step. Put your answer in the form (X) at the end of your response.`;

const State = Annotation.Root({
  histories: Annotation<BaseMessage[][]>({ reducer: (_, next) => next, default: () => [] }),
  replies: Annotation<string[]>({ reducer: (_, next) => next, default: () => [] }),
  round: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }),
});

async function debateRound(state: typeof State.State): Promise<Partial<typeof State.State>> {
  const histories = state.histories.map((history, agent) =>
    state.round === 0 ? history : [...history, new HumanMessage(debatePrompt(state.replies.filter((_, other) => other !== agent)))],
  );
  const replies = await Promise.all(
    histories.map(async (history) => {
      const reply = await model.invoke(history);
      calls++;
      return String(reply.content);
    }),
  );
  return { histories: histories.map((history, agent) => [...history, new AIMessage(replies[agent]!)]), replies, round: state.round + 1 };
}

const graph = new StateGraph(State)
  .addNode('debateRound', debateRound)
  .addEdge(START, 'debateRound')
  .addConditionalEdges('debateRound', (state) => (state.round < rounds ? 'debateRound' : END))
  .compile();

const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: Math.max(1, Math.floor(Number(inFlightText) / agents)) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await graph.invoke({ histories: Array.from({ length: agents }, () => [new HumanMessage(questionPrompt(item))]) }, { recursionLimit: rounds * 2 + 5 });
    }
  }),
);
process.stdout.write(`${JSON.stringify({ calls, wallSeconds: (performance.now() - started) / 1000 })}\n`);
