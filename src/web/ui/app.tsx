import { ComparePage } from './pages/compare-page.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { QuestionPage } from './pages/question-page.js';
import { RunPage } from './pages/run-page.js';
import { RunsPage } from './pages/runs-page.js';
import { StudyPage } from './pages/study-page.js';
import { Link } from './components/link.js';
import { ThemeToggle } from './components/theme-toggle.js';
import { matchPath, paths, useLocation } from './lib/router.js';

/** The viewer: a header and the page the path names. */
export function App() {
  const { path, search } = useLocation();
  return (
    <>
      <header className="top-bar">
        <Link to={paths.runs()} className="brand">
          quorum <span>viewer</span>
        </Link>
        <ThemeToggle />
      </header>
      <main>{page(path, search)}</main>
    </>
  );
}

function page(path: string, search: URLSearchParams) {
  if (path === '/') return <RunsPage />;
  if (path === '/compare') return <ComparePage search={search} />;
  const unit = matchPath('/runs/:runId/units/:unitId', path);
  if (unit !== null) return <QuestionPage key={unit['unitId']} runId={unit['runId']!} unitId={unit['unitId']!} search={search} />;
  const study = matchPath('/studies/:studyId', path);
  if (study !== null) return <StudyPage key={study['studyId']} studyId={study['studyId']!} search={search} />;
  const run = matchPath('/runs/:runId', path);
  if (run !== null) return <RunPage key={run['runId']} runId={run['runId']!} search={search} />;
  return <NotFoundPage path={path} />;
}
