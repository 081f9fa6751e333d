/** An API failure with its HTTP status; the error handler turns it into an `ApiErrorBody`. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 405 | 500,
    readonly code: string,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The 404 of a missing run, unit or audit. */
export function notFound(kind: 'run' | 'unit' | 'audit' | 'audit result' | 'study', id: string): ApiError {
  const hints = {
    run: 'list runs at /api/runs',
    unit: "list a run's units at /api/runs/<run-id>/units",
    audit: "list a run's audits at /api/runs/<run-id>",
    'audit result': "list a run's audits at /api/runs/<run-id>",
    study: 'list studies at /api/studies',
  };
  const hint = hints[kind];
  return new ApiError(404, 'NOT_FOUND', `no ${kind} "${id}"`, hint);
}
