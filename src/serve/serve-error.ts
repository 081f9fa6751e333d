import { QuorumError } from '../spec/errors.js';

/** The `type` of an OpenAI error body, by HTTP status. */
export type OpenAiErrorType = 'invalid_request_error' | 'authentication_error' | 'permission_error' | 'not_found_error' | 'server_error' | 'upstream_error';

/**
 * A request that `quorum serve` answers with an error, in the shape OpenAI
 * clients parse (`{ error: { message, type, param, code } }`), so that an
 * evaluation harness reports it as it would report OpenAI's own.
 */
export class ServeError extends QuorumError {
  readonly status: 400 | 401 | 403 | 404 | 500 | 502;
  readonly type: OpenAiErrorType;
  /** The request field at fault (`messages[2].content`), or null. */
  readonly param: string | null;

  constructor(status: ServeError['status'], code: string, message: string, options: { param?: string; hint?: string } = {}) {
    super(code, message, options.hint === undefined ? {} : { hint: options.hint });
    this.status = status;
    this.type = TYPES[status];
    this.param = options.param ?? null;
  }

  /** The JSON body of the error response; the hint, when there is one, ends the message. */
  body(): { error: { message: string; type: OpenAiErrorType; param: string | null; code: string } } {
    const message = this.hint === undefined ? this.message : `${this.message} (${this.hint})`;
    return { error: { message, type: this.type, param: this.param, code: this.code } };
  }
}

const TYPES: Record<ServeError['status'], OpenAiErrorType> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  500: 'server_error',
  502: 'upstream_error',
};
