import { ConfigError } from '../../spec/errors.js';

/**
 * Maps the CLI's protocol overrides onto a baseline's parameters: `rounds`
 * becomes `maxRounds` where the baseline has rounds (`accepts` names it);
 * any other override is a `ConfigError` naming the flag.
 */
export function baselineParams(protocol: string, overrides: Record<string, unknown>, accepts: readonly string[]): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (key === 'rounds' && accepts.includes('maxRounds')) {
      if (value === 0) throw new ConfigError(`${protocol} needs at least one round`, 'pass --rounds 1 or more');
      params['maxRounds'] = value;
      continue;
    }
    const flag = `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
    throw new ConfigError(`${flag} does not apply to ${protocol}`, accepts.length === 0 ? `${protocol} takes no protocol flags` : `${protocol} takes --rounds`);
  }
  return params;
}
