/**
 * Words that negate or deny what a sentence says, after `wordTokens`
 * ("doesn't" is already "does not"). Medical notes negate with "denies",
 * "absent", "without" and "free of" as often as with "not". Compared by
 * count parity: "not without fever" is as positive as "with fever".
 */
export const NEGATION_CUES: ReadonlySet<string> = new Set([
  'not',
  'no',
  'never',
  'none',
  'nobody',
  'noone',
  'nothing',
  'nowhere',
  'neither',
  'nor',
  'without',
  'cannot',
  'absent',
  'absence',
  'lack',
  'lacks',
  'lacking',
  'lacked',
  'deny',
  'denies',
  'denied',
  'unable',
  'fail',
  'fails',
  'failed',
  'neg',
]);
