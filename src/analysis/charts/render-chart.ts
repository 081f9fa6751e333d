import type { TopLevelSpec } from 'vega-lite';

/** Look shared by every chart: plain, readable in print, no external fonts. */
export const CHART_CONFIG = {
  background: 'white',
  font: 'Helvetica, Arial, sans-serif',
  axis: { labelFontSize: 11, titleFontSize: 12, grid: true, gridColor: '#e6e6e6' },
  legend: { labelFontSize: 11, titleFontSize: 12 },
  title: { fontSize: 14, anchor: 'start' as const },
  view: { stroke: '#ccc' },
};

/**
 * Compiles a Vega-Lite spec and renders it to an SVG string in Node, with
 * no canvas and no browser: a headless vega View with the `none` renderer
 * (text widths are estimated). The SVG is self-contained: no fonts, images
 * or scripts are referenced. vega loads on the first chart, so commands
 * that draw none (most of them) do not pay its ~0.2 s import.
 */
export async function renderChart(spec: TopLevelSpec): Promise<string> {
  const [{ parse, View }, { compile }] = await Promise.all([import('vega'), import('vega-lite')]);
  const compiled = compile({ config: CHART_CONFIG, ...spec } as TopLevelSpec).spec;
  const view = new View(parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
