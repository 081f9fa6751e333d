import type { Document } from 'yaml';

/** Aliases (`*name`) expanded at most this many times per anchor: more is an alias bomb ("billion laughs"), not a configuration. */
export const MAX_YAML_ALIASES = 100;

/**
 * A parsed YAML document as plain data, or why it cannot be: the yaml
 * package refuses an alias bomb with a bare `ReferenceError` that names no
 * file, so callers turn the reason into their own error naming the file.
 */
export function yamlData(document: Document): { data: unknown } | { problem: string } {
  try {
    return { data: document.toJS({ maxAliasCount: MAX_YAML_ALIASES }) };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    // The package's wording ("Excessive alias count indicates a resource exhaustion attack") is kept after ours.
    return { problem: `its aliases (*name) expand too far to read (${error.message}); at most ${MAX_YAML_ALIASES} uses of one anchor` };
  }
}
