import { RunsSection } from '../components/runs-section.js';
import { useTitle } from '../lib/use-title.js';
import { StudiesSection } from '../components/studies-section.js';

/** The home page: one section per kind of stored thing (a section with nothing to show renders nothing). */
const HOME_SECTIONS = [StudiesSection, RunsSection];

export function RunsPage() {
  useTitle('Runs and studies');
  return (
    <div className="page">
      {HOME_SECTIONS.map((Section) => (
        <Section key={Section.name} />
      ))}
    </div>
  );
}
