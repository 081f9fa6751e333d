import { z } from 'zod';
import { ApiError } from './api-error.js';

/** `offset`/`limit` of a paginated route: the limit is capped so no response is unbounded. */
export function pageParams(defaultLimit: number, maxLimit: number) {
  return {
    offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  };
}

/** `true` / `false` in a query string. */
export const booleanParam = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * Parses a route's query string with a strict schema: unknown parameters
 * and bad values are a 400 naming the parameter, never silently ignored
 * (a misspelt filter would otherwise show every unit).
 */
export function parseQuery<T extends z.ZodRawShape>(shape: T, query: Record<string, string>): z.infer<z.ZodObject<T>> {
  const result = z.strictObject(shape).safeParse(query);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    throw new ApiError(400, 'BAD_PARAMETER', `unknown query parameter ${issue.keys.map((key) => `"${key}"`).join(', ')}`, `known parameters: ${Object.keys(shape).join(', ')}`);
  }
  const name = String(issue.path[0] ?? 'query');
  throw new ApiError(400, 'BAD_PARAMETER', `bad value of "${name}": ${issue.message}`, `got "${query[name] ?? ''}"; see docs/viewer.md for the accepted values`);
}
