// A custom protocol and a custom metric, defined with quorum's public API only.
import { answerInstruction, baselineAnswer, defineMetric, defineProtocol, renderQuestion } from 'quorum';

const solveCheck = defineProtocol({
  name: 'solve-check',
  description: 'a Solver answers, a Checker reads that answer and gives the final one',
  roles: ['Solver', 'Checker'],
  async run(context) {
    const { question } = context;
    const [solver, checker] = context.agents;
    const ask = `${renderQuestion(question)}\n\n${answerInstruction(question)}`;
    const parse = ({ text }) => ({ answer: baselineAnswer(text, question), rationale: text, source: 'text' });
    const first = await context.call(solver, { messages: [{ role: 'user', content: ask }] }, { round: 0, parse });
    const check = `${ask}\n\nA colleague answered:\n${first.response.text}\n\nCheck the reasoning, then give your own answer.`;
    const second = await context.call(checker, { messages: [{ role: 'user', content: check }] }, { round: 1, saw: [{ agent: solver.name, round: 0 }], parse });
    context.emit({ type: 'final', answer: second.parsed.answer, aggregate: 'single', roundsRun: 2, stoppedEarly: false });
  },
});

const checkerChanged = defineMetric({
  key: 'checker_changed',
  label: 'Checker changed the answer',
  source: 'docs/library.md, "A custom metric"',
  needs: ['events'],
  bounds: [0, 1],
  binary: true,
  digits: 2,
  value(unit) {
    const answers = unit.events.filter((event) => event.type === 'turn').map((event) => event.parsed.answer.value);
    return answers.length === 2 ? Number(answers[0] !== answers[1]) : null;
  },
});

export default [solveCheck, checkerChanged];
