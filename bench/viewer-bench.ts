/**
 * How the viewer holds up with a large run: a store with 10,000 GDP units
 * (and an audit of them) is built with the viewer's test fixtures, the
 * real server starts on a free port, and Debian Chromium (playwright-core)
 * measures the API, the run page's first render, scrolling, filtering and
 * a question page. Prints a Markdown section; `--write` puts it at the end
 * of BENCHMARKS.md between its own markers (other sections are untouched).
 *
 *   npm run bench -- --only v      (10,000 units, fake audit vectors, --write)
 *   node --import tsx bench/viewer-bench.ts [--units 10000] [--audit real|fake|none] [--repeats 5] [--write]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { startViewer } from '../src/web/server/start-viewer.js';
import { buildViewerDb } from '../test/web/fixtures/viewer-db.js';
import { buildUi } from '../test/web/helpers/built-ui.js';
import { CHROMIUM_PATH, launchChromium } from '../test/web/helpers/chromium.js';

const START = '<!-- viewer:start -->';
const END = '<!-- viewer:end -->';

interface Options {
  units: number;
  audit: 'real' | 'fake' | 'none';
  write: boolean;
  repeats: number;
}

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { units: 10_000, audit: 'real', write: false, repeats: 5 };
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    if (flag === '--write') options.write = true;
    else if (flag === '--units') options.units = Number(argv[++index]);
    else if (flag === '--repeats') options.repeats = Number(argv[++index]);
    else if (flag === '--audit') options.audit = argv[++index] as Options['audit'];
    else throw new Error(`unknown option ${flag}`);
  }
  if (!Number.isInteger(options.units) || options.units < 1) throw new Error('--units takes a whole number ≥ 1');
  return options;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (value: number): string => `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US')} ms`;
const log = (line: string) => process.stderr.write(`${line}\n`);

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** Wraps an in-page promise so that a wait that never ends fails after 30 s instead of hanging the benchmark. */
const withTimeout = (script: string) => `Promise.race([${script}, new Promise((_, reject) => setTimeout(() => reject(new Error('timed out after 30 s')), 30000))])`;

/** In-page script: time from navigation start until the table's first row and total are on screen. */
const FIRST_ROW = `new Promise((resolve) => {
  const check = () => {
    const row = document.querySelector('a.unit-row');
    const total = document.querySelector('[data-testid="unit-table-total"]');
    if (row && total && /question/.test(total.textContent)) resolve(performance.now());
    else requestAnimationFrame(check);
  };
  check();
})`;

/** In-page script: time from navigation start until the quadrant's points are in the document and a frame has been painted. */
const QUADRANT_DRAWN = `new Promise((resolve) => {
  const check = () => {
    if (document.querySelector('[data-testid="consistency-quadrant"] [data-points], [data-testid="consistency-quadrant"] .quadrant-point')) requestAnimationFrame(() => resolve(performance.now()));
    else requestAnimationFrame(check);
  };
  check();
})`;

/** In-page script: jump the table to row \`target\` and time until that row (not a placeholder) is rendered. */
const JUMP = (target: number) => `new Promise((resolve) => {
  const viewport = document.querySelector('[data-testid="unit-table-viewport"]');
  const started = performance.now();
  viewport.scrollTop = ${target} * 32;
  const check = () => {
    const row = document.querySelector('a.unit-row[aria-rowindex="${target + 1}"]');
    if (row) resolve({ ms: performance.now() - started, rows: document.querySelectorAll('.unit-row').length });
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

/** In-page script: scroll continuously (\`step\` px per frame for \`frames\` frames), recording frame intervals and long tasks. */
const SMOOTH_SCROLL = (step: number, frames: number) => `new Promise((resolve) => {
  const viewport = document.querySelector('[data-testid="unit-table-viewport"]');
  const intervals = [];
  let longTasks = 0;
  const observer = new PerformanceObserver((list) => { longTasks += list.getEntries().length; });
  try { observer.observe({ type: 'longtask', buffered: false }); } catch {}
  let last = performance.now();
  let frame = 0;
  let placeholders = 0;
  const tick = () => {
    const now = performance.now();
    intervals.push(now - last);
    last = now;
    placeholders += document.querySelectorAll('.unit-row.placeholder').length > 0 ? 1 : 0;
    if (frame++ >= ${frames}) { observer.disconnect(); resolve({ intervals: intervals.slice(1), longTasks, placeholders }); return; }
    viewport.scrollTop += ${step};
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})`;

/** In-page script: wait until the table total reads \`text\`; resolves with performance.now(). */
const TOTAL_IS = (pattern: string) => `new Promise((resolve) => {
  const check = () => {
    const total = document.querySelector('[data-testid="unit-table-total"]');
    const row = document.querySelector('a.unit-row');
    if (total && new RegExp(${JSON.stringify(pattern)}).test(total.textContent) && (row || /^0 /.test(total.textContent))) resolve(performance.now());
    else requestAnimationFrame(check);
  };
  check();
})`;

/** In-page script: time from navigation start until the not-found page's heading is on screen (a page that asks the API nothing). */
const NOT_FOUND_SHOWN = `new Promise((resolve) => {
  const check = () => {
    if (document.querySelector('h1')) resolve(performance.now());
    else requestAnimationFrame(check);
  };
  check();
})`;

/** In-page script: the run page's first rows as FIRST_ROW, and the last text the index progress line (under the metrics) showed before them (null when it never showed). */
const FIRST_ROW_WITH_PROGRESS = `new Promise((resolve) => {
  let progress = null;
  const check = () => {
    const shown = document.querySelector('[data-testid="run-index-progress"]');
    if (shown) progress = shown.textContent;
    const row = document.querySelector('a.unit-row');
    const total = document.querySelector('[data-testid="unit-table-total"]');
    if (row && total && /question/.test(total.textContent)) resolve({ at: performance.now(), progress });
    else requestAnimationFrame(check);
  };
  check();
})`;

/** A viewer in a new process (bench/viewer-serve-child.ts): a cold first open, as after \`quorum ui\`. */
async function serveInChild(file: string, uiDir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const script = fileURLToPath(new URL('./viewer-serve-child.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, file, uiDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (data: Buffer) => {
      out += String(data);
      if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
    });
    child.once('exit', (code) => reject(new Error(`the viewer process exited (code ${code}) before it listened`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

/** Chrome's performance counters of a page; one session per page, because the counters start when a session enables them. */
async function cdpMetricsReader(page: Page): Promise<() => Promise<Record<string, number>>> {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  return async () => {
    const { metrics } = (await session.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
    return Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
  };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const loadAtStart = loadavg()[0]!;
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y --no-install-recommends chromium`);
  const dir = mkdtempSync(join(tmpdir(), 'quorum-viewer-bench-'));
  try {
    log(`building a store with ${options.units.toLocaleString('en-US')} units (audit: ${options.audit})…`);
    const built = await timed(() => buildViewerDb(join(dir, 'bench.db'), { units: options.units - 1, pending: 0, hostile: false, audit: options.audit }));
    const db = built.value;
    log(`  ${ms(built.ms)}`);
    const uiDir = await buildUi(join(dir, 'ui'));
    const rows: Array<[string, string]> = [];
    const apiRows: Array<[string, string]> = [];
    const runPath = `/api/runs/${db.gdpRunId}/units`;
    const count = options.units.toLocaleString('en-US');

    const file = join(dir, 'bench.db');
    // The run page's first open in a new server process, per request, as the page makes them:
    // the header and the first 200 rows together, then the quadrant's points and the metrics.
    const firstOpen: Record<'health' | 'header' | 'rows' | 'quadrant' | 'metrics', number[]> = { health: [], header: [], rows: [], quadrant: [], metrics: [] };
    const warmOpen: Record<'health' | 'header' | 'rows' | 'quadrant' | 'metrics', number[]> = { health: [], header: [], rows: [], quadrant: [], metrics: [] };
    for (let index = 0; index < Math.min(3, options.repeats); index++) {
      const child = await serveInChild(file, uiDir);
      const get = (path: string) => timed(async () => (await (await fetch(new URL(path, child.url))).json()) as unknown);
      for (const times of [firstOpen, warmOpen]) {
        times.health.push((await get('/api/health')).ms);
        const [header, rowsPage] = await Promise.all([get(`/api/runs/${db.gdpRunId}/header`), get(`${runPath}?offset=0&limit=200`)]);
        times.header.push(header.ms);
        times.rows.push(rowsPage.ms);
        times.quadrant.push((await get(`/api/runs/${db.gdpRunId}/consistency`)).ms);
        times.metrics.push((await get(`/api/runs/${db.gdpRunId}/metrics`)).ms);
      }
      await child.close();
    }
    const ratio = (value: number, reference: number) => `${Math.round(value).toLocaleString('en-US')} ms (${(value / reference).toFixed(0)}× /api/health)`;
    for (const [label, key] of [
      ['run header (`/header`: configuration, counts, audits; outcome counts, protocols and seeds grouped by the store, no unit read)', 'header'],
      ['first 200 rows (`/units` in plan order, asked with the header: that page\'s units and audit scores read from the store)', 'rows'],
      [`quadrant points (\`/consistency\`, ${count} units)`, 'quadrant'],
      ['run metrics (`/metrics`: builds the run\'s unit index, then computes the metrics)', 'metrics'],
    ] as const) {
      apiRows.push([`first open in a new server process: ${label}, cold / warm`, `${ratio(median(firstOpen[key]), median(firstOpen.health))} / ${ms(median(warmOpen[key]))}`]);
    }
    apiRows.push(['— reference: `GET /api/health` on the same new process, first / warm', `${ms(median(firstOpen.health))} / ${ms(median(warmOpen.health))}`]);

    // API, through the socket, as the UI calls it.
    let viewer = await startViewer({ store: db.store, port: 0, uiDir });
    const api = (path: string) => timed(async () => (await (await fetch(new URL(path, viewer.url))).json()) as { total?: number });
    const cold = await api(`${runPath}?limit=200`);
    // The first full-text search waits until the text index covers every finished unit (events of each read once, at that search).
    const textCold = await api(`${runPath}?text=scurvy&limit=200`);
    apiRows.push([`first full-text search, text index cold (events of ${count} units read once, at this search)`, ms(textCold.ms)]);
    const quadrant = await api(`/api/runs/${db.gdpRunId}/consistency`);
    apiRows.push([`consistency quadrant points (${count} units)`, ms(quadrant.ms)]);
    apiRows.push([`first page of 200 rows in this benchmark's own process, before any index (plan order: that page's units and audit scores read from the store)`, ms(cold.ms)]);
    const warm: number[] = [];
    for (let index = 0; index < options.repeats; index++) warm.push((await api(`${runPath}?limit=200&offset=${index * 1000}`)).ms);
    apiRows.push(['a page of 200 rows, warm', ms(median(warm))]);
    for (const [label, query] of [
      ['filter outcome=wrong', 'outcome=wrong&limit=200'],
      ['search q=medqa-01', 'q=medqa-01&limit=200'],
      ['full-text search text=scurvy (text index warm)', 'text=scurvy&limit=200'],
      ['agreement=split', 'agreement=split&limit=200'],
      ['lowCara=true, sort=caraHyb', 'lowCara=true&sort=caraHyb&limit=200'],
      ['sort=-tokens', 'sort=-tokens&limit=200'],
    ] as const) {
      const times: number[] = [];
      for (let index = 0; index < options.repeats; index++) times.push((await api(`${runPath}?${query}`)).ms);
      apiRows.push([`${label} (warm)`, ms(median(times))]);
    }
    const runsList = await api('/api/runs');
    apiRows.push(['runs list (run index warm; the run metrics are computed at this request, the first to need them)', ms(runsList.ms)]);
    const runDetail = await api(`/api/runs/${db.gdpRunId}`);
    apiRows.push(['run detail, header and metrics in one answer (warm)', ms(runDetail.ms)]);

    const browser = await launchChromium({ width: 1400, height: 1000 });
    try {
      const page = await browser.context.newPage();
      const cdpMetrics = await cdpMetricsReader(page);
      // First render, cold server cache: a fresh server (new cache) per repeat.
      // A page that asks the API nothing: what navigation, the bundle and React cost on this machine now.
      const reference: number[] = [];
      for (let index = 0; index < options.repeats; index++) {
        await page.goto(new URL('/no-such-page', viewer.url).href);
        reference.push(await page.evaluate<number>(withTimeout(NOT_FOUND_SHOWN)));
      }
      // Cold: a new server process per repeat (`quorum ui` just started), the run opened first.
      const firstCold: number[] = [];
      const progressShown: string[] = [];
      for (let index = 0; index < Math.min(3, options.repeats); index++) {
        const child = await serveInChild(join(dir, 'bench.db'), uiDir);
        await page.goto(new URL(`/runs/${db.gdpRunId}`, child.url).href);
        const result = await page.evaluate<{ at: number; progress: string | null }>(withTimeout(FIRST_ROW_WITH_PROGRESS));
        firstCold.push(result.at);
        if (result.progress !== null) progressShown.push(result.progress.replace(/\s+/g, ' ').trim());
        await page.goto('about:blank');
        await child.close();
      }
      const firstWarm: number[] = [];
      for (let index = 0; index < options.repeats; index++) {
        await page.goto(new URL(`/runs/${db.gdpRunId}`, viewer.url).href);
        firstWarm.push(await page.evaluate<number>(withTimeout(FIRST_ROW)));
      }
      const referenceMs = median(reference);
      rows.push(['reference: navigation to the not-found page (no API call) until its heading is on screen', ms(referenceMs)]);
      rows.push([`run page, navigation to first rows on screen, cold (new server process, median of ${firstCold.length})`, `${ms(median(firstCold))} (${(median(firstCold) / referenceMs).toFixed(1)}× the reference)`]);
      rows.push(['— index progress (units read for the metrics) shown before the first rows', progressShown.length === 0 ? 'not seen: the metrics are asked for once the first rows are in' : `${progressShown.length} of ${firstCold.length} opens: "${progressShown.at(-1)}"`]);
      rows.push(['run page, navigation to first rows on screen (server index warm)', `${ms(median(firstWarm))} (${(median(firstWarm) / referenceMs).toFixed(1)}× the reference)`]);
      const quadrantTimes: number[] = [];
      for (let index = 0; index < options.repeats; index++) {
        await page.goto(new URL(`/runs/${db.gdpRunId}`, viewer.url).href);
        quadrantTimes.push(await page.evaluate<number>(withTimeout(QUADRANT_DRAWN)));
      }
      rows.push([`run page, navigation to the quadrant's ${count} points drawn (server index warm)`, ms(median(quadrantTimes))]);
      const metrics = await cdpMetrics();
      const elements = await page.evaluate<number>("document.getElementsByTagName('*').length");
      rows.push([`elements in the run page's document with ${count} units`, elements.toLocaleString('en-US')]);
      rows.push(['JS heap used on the run page', `${((metrics['JSHeapUsedSize'] ?? 0) / 1024 / 1024).toFixed(1)} MB`]);

      const jumps: number[] = [];
      let rendered = 0;
      const total = options.units;
      for (const fraction of [0.5, 0.1, 0.9, 0.25, 0.75, 0.33, 0.66, 0.999]) {
        const result = await page.evaluate<{ ms: number; rows: number }>(withTimeout(JUMP(Math.floor(fraction * (total - 1)))));
        jumps.push(result.ms);
        rendered = Math.max(rendered, result.rows);
      }
      rows.push(['jump to a far row (scrollbar drag) until its row is rendered, median / max of 8', `${ms(median(jumps))} / ${ms(Math.max(...jumps))}`]);
      rows.push(['table rows in the DOM at any time', String(rendered)]);
      for (const [step, label] of [
        [100, 'wheel-speed scroll, 100 px (3 rows) per frame for 300 frames'],
        [400, 'fling, 400 px (12 rows) per frame for 300 frames'],
      ] as const) {
        await page.evaluate('document.querySelector(\'[data-testid="unit-table-viewport"]\').scrollTop = 0');
        const before = await cdpMetrics();
        const smooth = await page.evaluate<{ intervals: number[]; longTasks: number; placeholders: number }>(withTimeout(SMOOTH_SCROLL(step, 300)));
        const after = await cdpMetrics();
        // Main-thread work per frame (CDP TaskDuration, seconds): what the page itself costs, whatever else runs on the machine.
        const busy = (((after['TaskDuration'] ?? 0) - (before['TaskDuration'] ?? 0)) * 1000) / 300;
        const script = (((after['ScriptDuration'] ?? 0) - (before['ScriptDuration'] ?? 0)) * 1000) / 300;
        rows.push([`${label}: frame interval median / p95 / max`, `${ms(median(smooth.intervals))} / ${ms(quantile(smooth.intervals, 0.95))} / ${ms(Math.max(...smooth.intervals))}`]);
        rows.push(['— main-thread work per frame (CDP TaskDuration; of it, script)', `${ms(busy)} (${ms(script)})`]);
        rows.push(['— long tasks (> 50 ms) during that scroll; frames showing a row still loading', `${smooth.longTasks}; ${smooth.placeholders} of 300`]);
      }

      const filterTimes: number[] = [];
      const wrong = ((await api(`${runPath}?outcome=wrong&limit=1`)).value.total ?? 0).toLocaleString('en-US');
      for (let index = 0; index < options.repeats; index++) {
        await page.goto(new URL(`/runs/${db.gdpRunId}`, viewer.url).href);
        await page.evaluate(withTimeout(FIRST_ROW));
        const clicked = await page.evaluate<number>('performance.now()');
        await page.getByRole('button', { name: /^wrong/ }).click();
        const shown = await page.evaluate<number>(withTimeout(TOTAL_IS(`^${wrong} question`)));
        filterTimes.push(shown - clicked);
      }
      rows.push([`filter click (outcome = wrong, ${wrong} rows) until the new rows are on screen`, ms(median(filterTimes))]);
      const searchTimes: number[] = [];
      const searched = `medqa-${String(Math.floor(total / 2) + 100).padStart(5, '0')}`;
      const found = (await api(`${runPath}?q=${searched}&limit=1`)).value.total ?? 0;
      for (let index = 0; index < options.repeats; index++) {
        await page.goto(new URL(`/runs/${db.gdpRunId}`, viewer.url).href);
        await page.evaluate(withTimeout(FIRST_ROW));
        const typed = await page.evaluate<number>('performance.now()');
        await page.getByLabel('search question text, answers, rationales and ids').fill(searched);
        const shown = await page.evaluate<number>(withTimeout(TOTAL_IS(`^${found} question`)));
        searchTimes.push(shown - typed);
      }
      rows.push([`search (type a question id, ${found} match) until the rows are on screen, incl. the 200 ms typing pause`, ms(median(searchTimes))]);

      const questionTimes: number[] = [];
      for (let index = 0; index < options.repeats; index++) {
        await page.goto(new URL(`/runs/${db.gdpRunId}/units/${db.showcaseUnitId}`, viewer.url).href);
        await page.getByTestId('alignment-heatmap').waitFor();
        questionTimes.push(await page.evaluate<number>('performance.now()'));
      }
      rows.push(['question page (grid, stances, judge, heatmap) until the heatmap is on screen', ms(median(questionTimes))]);
    } finally {
      await browser.close();
      await viewer.close();
      await db.store.close();
    }

    const section = render(options, built.ms, apiRows, rows, [loadAtStart, loadavg()[0]!]);
    process.stdout.write(`${section}\n`);
    if (options.write) {
      const file = fileURLToPath(new URL('../BENCHMARKS.md', import.meta.url));
      const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
      const block = `${START}\n${section}\n${END}`;
      const start = current.indexOf(START);
      const end = current.indexOf(END);
      const next = start >= 0 && end > start ? `${current.slice(0, start)}${block}${current.slice(end + END.length)}` : `${current.trimEnd()}\n\n${block}\n`;
      writeFileSync(file, next);
      log('wrote the Viewer section of BENCHMARKS.md');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function render(options: Options, buildMs: number, apiRows: Array<[string, string]>, pageRows: Array<[string, string]>, load: [number, number]): string {
  const table = (rows: Array<[string, string]>) => ['| measure | result |', '| --- | --- |', ...rows.map(([label, value]) => `| ${label} | ${value} |`)].join('\n');
  return [
    `## Viewer: a run of ${options.units.toLocaleString('en-US')} units in Chromium`,
    '',
    `Written by \`npm run bench -- --only v\` (or \`node --import tsx bench/viewer-bench.ts --write\`; the default \`npm run bench\` leaves it). ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, load average (1 min) ${load[0].toFixed(2)} at start, ${load[1].toFixed(2)} at the end — the server, Chromium and everything else share these cores, so read the times as upper bounds; Debian Chromium through playwright-core, 1400 × 1000 viewport, headless.`,
    '',
    `Store: one GDP run of ${options.units.toLocaleString('en-US')} units (3 agents, 2–3 rounds, every outcome), audited with ${options.audit === 'real' ? 'the offline models (wordvec + heuristic NLI)' : options.audit === 'fake' ? 'hashed test vectors' : 'no audit'}; built in ${ms(buildMs)}. The run page's first screen reads no more than it shows: the header's counts are grouped by the store (\`countUnitGroups\`) and the default first page reads its 200 units and their audit scores. Everything else (filters, sorts, the quadrant, metrics) comes from an in-memory index of every unit's summary and the audit's score columns (not its alignment details), built in the background once the first page is answered and rebuilt when unit counts change; the run's metrics are computed at their first request. The table renders only the visible rows and fetches 200-row pages as they scroll into view. "Cold" is a new server process (\`bench/viewer-serve-child.ts\`), as right after \`quorum ui\` starts; ratios are to a reference measured in the same run, so runs on a busier or quieter machine compare. Medians of ${options.repeats} repeats unless noted.`,
    '',
    '### API (HTTP on 127.0.0.1, measured from the client)',
    '',
    table(apiRows),
    '',
    '### Run page and question page',
    '',
    table(pageRows),
  ].join('\n');
}

await main();
