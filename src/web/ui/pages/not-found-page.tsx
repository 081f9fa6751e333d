import { Link } from '../components/link.js';
import { paths } from '../lib/router.js';
import { useTitle } from '../lib/use-title.js';

export function NotFoundPage({ path }: { path: string }) {
  useTitle('Page not found');
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p>
        Nothing lives at <code>{path}</code>. <Link to={paths.runs()}>Back to the runs</Link>.
      </p>
    </div>
  );
}
