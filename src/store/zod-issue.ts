import type { z } from 'zod';

/** Where a value failed validation and why, in words for a person. */
export interface IssueDescription {
  /** Dotted path of the offending field (`events.3.usage.promptTokens`), or undefined for the value itself. */
  field: string | undefined;
  message: string;
}

/** The first issue of a zod error: the one a person should fix first. */
export function describeZodIssue(error: z.ZodError, prefix: ReadonlyArray<string | number> = []): IssueDescription {
  const issue = error.issues[0];
  const path = [...prefix, ...(issue?.path ?? [])].map(String);
  return { field: path.length === 0 ? undefined : path.join('.'), message: issue?.message ?? error.message };
}
