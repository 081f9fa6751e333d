import type { z } from 'zod';

/** A zod issue reduced to what a person needs: where, and what is wrong. */
export interface DescribedIssue {
  path: PropertyKey[];
  /** For unknown keys: the key itself (its line is the one to show). */
  key?: string;
  message: string;
}

/**
 * Turns zod issues into located messages. Unions (a protocol is a name or a
 * mapping) report the branch the value was meant for: branches that failed
 * only because the value has another type are set aside; when all failed so,
 * the message names the accepted types.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): DescribedIssue[] {
  return issues.flatMap((issue) => describeIssue(issue, prefix));
}

function describeIssue(issue: z.core.$ZodIssue, prefix: PropertyKey[]): DescribedIssue[] {
  const path = [...prefix, ...issue.path];
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({ path, key, message: `unknown field "${key}"` }));
    case 'invalid_union': {
      const branches = issue.errors.filter((branch) => !branch.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0));
      if (branches.length === 1) return describeIssues(branches[0]!, path);
      const expected = [...new Set(issue.errors.flatMap((branch) => branch.filter((inner) => inner.code === 'invalid_type').map((inner) => typeName((inner as { expected: string }).expected))))];
      if (expected.length === 0) return [{ path, message: issue.message }];
      const missing = 'input' in issue && (issue as { input?: unknown }).input === undefined;
      return [{ path, message: missing ? `missing (expected ${expected.join(' or ')})` : `expected ${expected.join(' or ')}` }];
    }
    case 'invalid_type': {
      // Inputs are in the issue when parsed with `reportInput: true`.
      const input = (issue as { input?: unknown }).input;
      if ('input' in issue && input === undefined) return [{ path, message: `missing (expected ${typeName(issue.expected)})` }];
      return [{ path, message: `expected ${typeName(issue.expected)}${'input' in issue ? `, got ${valueKind(input)}` : ''}` }];
    }
    default:
      return [{ path, message: issue.message }];
  }
}

function typeName(expected: string): string {
  switch (expected) {
    case 'object':
    case 'record':
      return 'a mapping (key: value)';
    case 'array':
    case 'tuple':
      return 'a list';
    case 'string':
      return 'text';
    case 'number':
      return 'a number';
    case 'int':
      return 'a whole number';
    case 'boolean':
      return 'true or false';
    default:
      return expected;
  }
}

function valueKind(value: unknown): string {
  if (value === null) return 'nothing (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return `${typeof value} ${String(value)}`;
}
