/** A `${VAR}` without a value and without a default. */
export class MissingVariableError extends Error {
  constructor(readonly variable: string) {
    super(`environment variable ${variable} is not set and has no default`);
  }
}

/**
 * Replaces `${VAR}` and `${VAR:-default}` with values from `env`, so study
 * files can name a server and model without being edited (the examples
 * read QUORUM_STUDY_URL and QUORUM_STUDY_MODEL). An empty variable counts as
 * unset for `:-`, as in the shell. `$${` writes a literal `${`.
 */
export function interpolateEnv(text: string, env: NodeJS.ProcessEnv): string {
  return text.replace(/\$?\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (whole, name: string, fallback: string | undefined) => {
    if (whole.startsWith('$$')) return whole.slice(1);
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    throw new MissingVariableError(name);
  });
}
