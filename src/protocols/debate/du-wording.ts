import { answerSpecOf, type QuestionLike } from '../../spec/question.js';
import { renderQuestionContext } from '../render-question.js';

/**
 * Du et al.'s prompt wording, reproduced from their reference code
 * (composable-models/llm_multiagent_debate). The strings are wording facts a
 * faithful baseline must repeat character for character — odd spacing,
 * missing words and literal braces included — so each one names the file and
 * line it comes from. Which task's wording a question gets depends on its
 * answer kind: MMLU's for multiple choice, GSM's for numbers, and the
 * arithmetic task's (its only task without a fixed answer format) for
 * everything else.
 */
export type DuTask = 'mmlu' | 'gsm' | 'math';

/** The reference task whose wording a question gets. */
export function duTask(question: QuestionLike): DuTask {
  const { kind } = answerSpecOf(question);
  if (kind === 'choice') return 'mmlu';
  if (kind === 'number') return 'gsm';
  return 'math';
}

/**
 * The question text that fills Du's `{}` slots: the prompt, then any context
 * — passages, tables, image captions — as every protocol renders it
 * (`renderQuestionContext`). Du's tasks have no context, so a plain-text
 * question's text is its prompt alone, as in the reference code.
 */
export function duQuestionText(question: QuestionLike): string {
  const context = renderQuestionContext(question);
  return context === '' ? question.prompt : `${question.prompt}\n\n${context}`;
}

/** The first user message of every agent's conversation (round 0). */
export function duOpening(question: QuestionLike): string {
  const text = duQuestionText(question);
  switch (duTask(question)) {
    case 'mmlu': {
      // mmlu/gen_mmlu.py:50 (parse_question_answer); their MMLU always has A–D, the same ", " list extends to any option count
      const options = Object.entries(question.options ?? {})
        .map(([letter, option]) => `${letter}) ${option}`)
        .join(', ');
      return `Can you answer the following question as accurately as possible? ${text}: ${options} Explain your answer, putting the answer in the form (X) at the end of your response.`;
    }
    case 'gsm':
      // gsm/gen_gsm.py:45 — the trailing space is theirs
      return `Can you solve the following math problem? ${text} Explain your reasoning. Your final answer should be a single numerical number, in the form \\boxed{answer}, at the end of your response. `;
    case 'math':
      // math/gen_math.py:102, with the question in place of "What is the result of …?"
      return `${text} Make sure to state your answer at the end of the response.`;
  }
}

/**
 * The user message of a debate round: the peers' replies (raw, as their
 * `agent[idx]["content"]`), in agent order, each as "One agent solution".
 * With no peers it is the reference's self-check message.
 */
export function duDebateMessage(question: QuestionLike, peerReplies: readonly string[]): string {
  const task = duTask(question);
  if (peerReplies.length === 0) return selfCheck(task);
  switch (task) {
    case 'mmlu':
      // mmlu/gen_mmlu.py:12, :16 and :20 (construct_message); MMLU does not repeat the question here
      return `These are the solutions to the problem from other agents: ${peers(peerReplies, 'One agent solution')}\n\n Using the reasoning from other agents as additional advice, can you give an updated answer? Examine your solution and that other agents step by step. Put your answer in the form (X) at the end of your response.`;
    case 'gsm':
      // gsm/gen_gsm.py:10, :14 and :18 (construct_message); GSM repeats the raw question
      return `These are the solutions to the problem from other agents: ${peers(peerReplies, 'One agent solution')}\n\n Using the solutions from other agents as additional information, can you provide your answer to the math problem? \n The original math problem is ${duQuestionText(question)}. Your final answer should be a single numerical number, in the form \\boxed{answer}, at the end of your response.`;
    case 'math':
      // math/gen_math.py:46, :50 and :54 (construct_message)
      return `These are the recent/updated opinions from other agents: ${peers(peerReplies, 'One agent response')}\n\n Use these opinions carefully as additional advice, can you provide an updated answer? Make sure to state your answer at the end of the response.`;
  }
}

function peers(replies: readonly string[], label: string): string {
  return replies.map((reply) => `\n\n ${label}: \`\`\`${reply}\`\`\``).join('');
}

function selfCheck(task: DuTask): string {
  switch (task) {
    case 'mmlu':
      // mmlu/gen_mmlu.py:10
      return 'Can you double check that your answer is correct. Put your final answer in the form (X) at the end of your response.';
    case 'gsm':
      // gsm/gen_gsm.py:8 — this string is never passed through .format(), so the braces stay doubled
      return 'Can you double check that your answer is correct. Please reiterate your answer, with your final answer a single numerical number, in the form \\boxed{{answer}}.';
    case 'math':
      // math/gen_math.py:44
      return 'Can you verify that your answer is correct. Please reiterate your answer, making sure to state your answer at the end of the response.';
  }
}
