import { ApiFailure } from '../lib/api-client.js';

/** A failed request, with the server's hint when it gave one. */
export function ErrorBox({ error }: { error: Error }) {
  return (
    <div className="error-box" role="alert">
      <strong>{error instanceof ApiFailure && error.status === 404 ? 'Not found' : 'Something went wrong'}:</strong> {error.message}
      {error instanceof ApiFailure && error.hint !== undefined && <div className="hint">{error.hint}</div>}
    </div>
  );
}
