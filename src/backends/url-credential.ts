import { ConfigError } from '../spec/errors.js';

/**
 * Query parameters that carry credentials, matched case-insensitively as a
 * part of the name (`api_key`, `apikey`, `X-Api-Key`, `access_token`,
 * `auth`, `password`, `secret`, `sig`, …). Broad on purpose: refusing a
 * harmless parameter costs one clear error, letting a key through puts it in
 * every trace.
 */
const CREDENTIAL_PARAMETER = /key|token|secret|password|passwd|pwd|auth|credential|signature|^sig$/i;

/**
 * Where a URL carries a credential: its userinfo (`user:pass@`) or the name
 * of the first key-like query parameter; undefined when it carries none.
 * Never returns the credential itself.
 */
export function urlCredential(url: URL): string | undefined {
  if (url.username !== '' || url.password !== '') return 'user:password@ before the host';
  for (const name of url.searchParams.keys()) {
    if (CREDENTIAL_PARAMETER.test(name)) return `the query parameter "${name}"`;
  }
  return undefined;
}

/**
 * A backend URL with a credential in it. Refused rather than stripped:
 * a spec is stored with its run, turns name it, and errors quote it, so a
 * key given there would have to be found and removed in each of those; the
 * environment variable is the one place a key is read from.
 */
export class UrlCredentialError extends ConfigError {
  constructor(sanitizedSpec: string, where: string) {
    super(
      `backend spec "${sanitizedSpec}" has a credential in its URL (${where})`,
      'put the API key in OPENAI_API_KEY, or in another environment variable named with #key-env=VAR; it is sent as "Authorization: Bearer", and backend specs are stored with runs',
    );
  }
}
