import { type QuestionLike, answerSpecOf } from '../../spec/question.js';
import type { DealogRole } from './dealog-params.js';
import type { LogEntry } from '../../spec/log-entry.js';
import { renderEntry } from './render-entry.js';

const TEAM =
  'You are the {role} of a team of five agents (TableAgent, ContextAgent, VisualAgent, SummarizingAgent, VerificationAgent) ' +
  'that answer a question together. The agents share one append-only log and nothing else; nobody plans for the team. ' +
  'Entries are numbered (#n) and typed: LOOKUP (a table cell), QUOTE (an exact span of a text passage), VISUAL (text read from an image), ' +
  'SUMMARY (what is known and what is missing), ANSWER (a proposed answer and the entries it relies on), FLAG/OK (the verifier\'s verdict). ' +
  'Evidence is checked against the sources: a LOOKUP whose value is not in the cited cell, or a QUOTE that is not an exact span, is rejected.';

const DUTIES: Readonly<Record<DealogRole, string>> = {
  TableAgent:
    'Your job: add the table cells the question needs that the log does not have yet. Cite each cell by table id, the row number ' +
    'shown in the "row" column, and the column name exactly as in the header, and copy its value exactly as written in the cell. ' +
    'Add nothing the log already has. Reply with JSON {"facts": [{"table", "row", "column", "value"}]}; an empty list when nothing is missing.',
  ContextAgent:
    'Your job: add the text spans the question needs that the log does not have yet. Copy each span character for character from ' +
    'one passage (a sentence or a phrase; no paraphrase, no ellipsis) and name the passage id. Add nothing the log already has. ' +
    'Reply with JSON {"quotes": [{"passage", "text"}]}; an empty list when nothing is missing.',
  VisualAgent:
    'Your job: add what the images show that the question needs. You get the lines OCR read from each image; copy the relevant ' +
    'lines exactly as OCR read them and name the image id. Reply with JSON {"readings": [{"image", "text"}]}; an empty list when nothing is relevant.',
  SummarizingAgent:
    'Your job: read the log and either propose the final ANSWER, citing the entries it relies on, or write a SUMMARY of what is ' +
    'known and what is still missing so the specialists can look for it. When the answer needs arithmetic, give the calculation as ' +
    'a program: FinQA style like "subtract(5829, 5735), divide(#0, 5735)" (#n is the result of step n) or a plain expression like ' +
    '"(5829 - 5735) / 5735", using the numbers exactly as the entries show them. Give the answer in the scale it is written in and ' +
    'name that scale (thousand, million, billion, percent, or "" for none). Reply with JSON only.',
  VerificationAgent:
    'Your job: judge the latest ANSWER. The arithmetic, units and citations were already checked by tools and passed. Decide whether ' +
    'the cited entries really support the answer and whether it answers the question that was asked. Reply with JSON ' +
    '{"reason", "item", "verdict"}: verdict OK, or FLAG naming in "item" the missing or inconsistent item.',
};

/** The system prompt of a role: the team and the log, then the role's duties. */
export function systemPrompt(role: DealogRole): string {
  return `${TEAM.replace('{role}', role)}\n\n${DUTIES[role]}`;
}

/** How the answer should look, by the kind of the question's gold answer. */
export function answerFormat(question: QuestionLike): string {
  switch (answerSpecOf(question).kind) {
    case 'number':
      return 'a number';
    case 'choice':
      return `one option letter (${Object.keys(question.options ?? {}).join(', ')})`;
    case 'text':
      return answerSpecOf(question).form === 'sentence' ? 'one or two full sentences' : 'a short phrase, a name, yes/no, or a list separated by commas';
    case 'none':
      return 'a short phrase or a number';
  }
}

/**
 * The shared part of every prompt, first so servers with prefix caching
 * reuse it: the question (with options), then the accepted log entries.
 */
export function sharedBlock(question: QuestionLike, entries: readonly LogEntry[]): string {
  const options = question.options === undefined ? '' : `\nOptions:\n${Object.entries(question.options).map(([letter, text]) => `${letter}. ${text}`).join('\n')}`;
  const log = entries.length === 0 ? '(empty)' : entries.map(renderEntry).join('\n');
  return `Question: ${question.prompt}${options}\n\nShared log:\n${log}`;
}

/** A note on what this turn should focus on (a FLAG's item in a second-chance round, a SUMMARY's missing item). */
export function focusBlock(focus: string | undefined): string {
  return focus === undefined || focus.trim() === '' ? '' : `\n\nFocus of this turn: ${focus}`;
}
