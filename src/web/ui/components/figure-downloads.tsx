import { useState, type RefObject } from 'react';
import { download, fileName, standaloneSvg, svgToPng } from '../lib/figure-export.js';

/** "SVG" and "PNG" buttons that save the chart in `target` as it is drawn now. */
export function FigureDownloads({ target, name, label }: { target: RefObject<SVGSVGElement | null>; name: string; label: string }) {
  const [error, setError] = useState<string | null>(null);
  const svg = () => {
    if (target.current !== null) download(`${fileName(name)}.svg`, standaloneSvg(target.current), 'image/svg+xml');
  };
  const png = () => {
    if (target.current === null) return;
    svgToPng(target.current).then(
      (blob) => download(`${fileName(name)}.png`, blob),
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
  };
  return (
    <span className="downloads" role="group" aria-label={`download ${label}`}>
      <button type="button" onClick={svg}>
        SVG
      </button>
      <button type="button" onClick={png}>
        PNG
      </button>
      {error !== null && <span className="note">{error}</span>}
    </span>
  );
}
