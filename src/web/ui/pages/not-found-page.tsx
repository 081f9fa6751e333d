import { Link } from '../components/link.js';
import { paths } from '../lib/router.js';

export function NotFoundPage({ path }: { path: string }) {
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p>
        Nothing lives at <code>{path}</code>. <Link to={paths.runs()}>Back to the runs</Link>.
      </p>
    </div>
  );
}
