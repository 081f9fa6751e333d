import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseFredCsv } from '../../src/datasets/fred-csv.js';
import { fredLoader } from '../../src/datasets/fred.js';
import { eligibleTargets, resolveForecastSelection, selectForecastEvents, type Observation } from '../../src/datasets/forecast-events.js';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { renderQuestion } from '../../src/protocols/render-question.js';
import { ConfigError, DatasetFormatError } from '../../src/spec/errors.js';
import { questionSchema } from '../../src/spec/question.js';
import { hasSharedData, sharedDataFile } from './shared-data-path.js';

const SHARED = ['fred_sticky_cpi', 'CORESTICKM159SFRBATL.csv'] as const;

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quorum-fred-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `months` monthly rows from January 2020 with values 1.0, 1.1, … (or `value(i)`). */
function csv(header: string, months: number, value: (index: number) => string = (index) => (1 + index / 10).toFixed(6)): string {
  const rows = Array.from({ length: months }, (_, index) => `${2020 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01,${value(index)}`);
  return `${header}\n${rows.join('\n')}\n`;
}

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

/** Asserts a DatasetFormatError naming this line and column. */
function formatError(line: number | undefined, field: string | undefined, message: RegExp) {
  return (error: unknown): boolean => {
    assert.ok(error instanceof DatasetFormatError, String(error));
    assert.equal(error.line, line);
    assert.equal(error.field, field);
    assert.match(error.message, message);
    return true;
  };
}

describe('FRED CSV', () => {
  it('reads both header vintages (DATE and observation_date) to the same observations', () => {
    const older = parseFredCsv('old.csv', csv('DATE,CORESTICKM159SFRBATL', 3));
    const newer = parseFredCsv('new.csv', csv('observation_date,CORESTICKM159SFRBATL', 3).replace(/\n/g, '\r\n'));
    assert.equal(older.dateColumn, 'DATE');
    assert.equal(newer.dateColumn, 'observation_date');
    assert.equal(older.seriesId, 'CORESTICKM159SFRBATL');
    assert.deepEqual(older.observations, newer.observations);
    assert.deepEqual(older.observations, [
      { date: '2020-01-01', value: 1, line: 2 },
      { date: '2020-02-01', value: 1.1, line: 3 },
      { date: '2020-03-01', value: 1.2, line: 4 },
    ]);
  });

  it('turns "." and empty cells into missing values, kept in place', () => {
    const series = parseFredCsv('gaps.csv', csv('DATE,X', 4, (index) => ['1.5', '.', '', '2'][index]!));
    assert.deepEqual(
      series.observations.map((observation) => observation.value),
      [1.5, null, null, 2],
    );
  });

  it('names file, line and column of bad rows', () => {
    const good = csv('observation_date,SERIES', 3);
    assert.throws(() => parseFredCsv('v.csv', good.replace('1.100000', 'n/a')), formatError(3, 'SERIES', /^v\.csv, line 3, field "SERIES": expected a number or "\." \(missing\), found "n\/a"/));
    assert.throws(() => parseFredCsv('v.csv', good.replace('2020-02-01', '02/01/2020')), formatError(3, 'observation_date', /expected a date YYYY-MM-DD, found "02\/01\/2020"/));
    assert.throws(() => parseFredCsv('v.csv', good.replace('2020-02-01', '2020-02-15')), formatError(3, 'observation_date', /not the first day of a month; only monthly series/));
    assert.throws(() => parseFredCsv('v.csv', good.replace('2020-02-01', '2020-13-01')), formatError(3, 'observation_date', /has no month 13/));
    assert.throws(() => parseFredCsv('v.csv', good.replace('2020-03-01', '2020-04-01')), formatError(4, 'observation_date', /skips months after "2020-02-01" \(expected 2020-03-01\)/));
    assert.throws(() => parseFredCsv('v.csv', good.replace('2020-03-01', '2020-01-01')), formatError(4, 'observation_date', /does not come after the previous row's "2020-02-01"/));
    assert.throws(() => parseFredCsv('v.csv', good.replace('2020-02-01,1.100000', '2020-02-01,1.1,3')), formatError(3, undefined, /expected 2 columns \(observation_date, SERIES\), found 3/));
  });

  it('rejects a header that is not a single-series FRED download, and empty files', () => {
    assert.throws(() => parseFredCsv('h.csv', 'date,value,other\n2020-01-01,1,2\n'), formatError(1, undefined, /expected the header "observation_date,<SERIES>" or "DATE,<SERIES>", found "date,value,other"/));
    assert.throws(() => parseFredCsv('h.csv', 'month,SERIES\n'), formatError(1, undefined, /expected the header/));
    assert.throws(() => parseFredCsv('e.csv', '\n\n'), formatError(undefined, undefined, /the file is empty/));
    assert.throws(() => parseFredCsv('e.csv', 'DATE,SERIES\n'), formatError(1, undefined, /no observations after the header/));
  });
});

describe('forecast events', () => {
  const observations = (values: Array<number | null>): Observation[] =>
    values.map((value, index) => ({ date: `2020-${String(index + 1).padStart(2, '0')}-01`, value, line: index + 2 }));

  it('a month is eligible when it and the W months before it are present', () => {
    // indices 0..9; value missing at index 4 → index 4 and the 3 after it lack a full window of 3
    const series = observations([1, 2, 3, 4, null, 6, 7, 8, 9, 10]);
    assert.deepEqual(eligibleTargets(series, 3), [3, 8, 9]);
    assert.deepEqual(eligibleTargets(series, 1), [1, 2, 3, 6, 7, 8, 9]);
  });

  it('even selection: event k of n is eligible month round(k·(E−1)/(n−1)), oldest first', () => {
    const series = observations(Array.from({ length: 12 }, (_, index) => index));
    // window 2 → eligible indices 2..11 (E = 10); n = 4 → positions round(0, 3, 6, 9) → indices 2, 5, 8, 11
    const events = selectForecastEvents(series, resolveForecastSelection({ window: 2, events: 4 }));
    assert.deepEqual(
      events.map((event) => event.target.value),
      [2, 5, 8, 11],
    );
    assert.deepEqual(
      events[1]!.history.map((observation) => observation.value),
      [3, 4],
    );
    assert.deepEqual(
      selectForecastEvents(series, resolveForecastSelection({ window: 2, events: 1 })).map((event) => event.target.value),
      [11],
    );
    assert.equal(selectForecastEvents(series, resolveForecastSelection({ window: 2, events: 'all' })).length, 10);
    assert.equal(selectForecastEvents(series, resolveForecastSelection({ window: 2, events: 50 })).length, 10);
  });

  it('seeded selection is deterministic, chronological, and changes with the seed', () => {
    const series = observations(Array.from({ length: 12 }, (_, index) => index));
    const pick = (seed: number): number[] => selectForecastEvents(series, resolveForecastSelection({ window: 2, events: 4, selectionSeed: seed })).map((event) => event.target.value);
    assert.deepEqual(pick(7), pick(7));
    assert.equal(pick(7).length, 4);
    assert.deepEqual(pick(7), [...pick(7)].sort((a, b) => a - b));
    assert.ok([1, 2, 3, 4, 5].some((seed) => pick(seed).join() !== pick(7).join()));
  });

  it('rejects bad options with ConfigError', () => {
    assert.throws(() => resolveForecastSelection({ window: 0 }), ConfigError);
    assert.throws(() => resolveForecastSelection({ events: 2.5 }), ConfigError);
    assert.throws(() => resolveForecastSelection({ selectionSeed: -1 }), ConfigError);
    assert.deepEqual(resolveForecastSelection(), { window: 12, events: 20, method: 'even' });
  });
});

describe('fred loader', () => {
  it('builds numeric questions with the window as a table; ids fred:YYYY-MM', async () => {
    const path = await file('small.csv', csv('observation_date,CORESTICKM159SFRBATL', 6));
    const questions = await fredLoader.load(path, { forecast: { window: 3, events: 2 } });
    assert.deepEqual(
      questions.map((question) => question.id),
      ['fred:2020-04', 'fred:2020-06'],
    );
    const [first] = questions;
    questionSchema.parse(first);
    assert.deepEqual(first!.gold, { kind: 'number', value: 1.3 });
    assert.deepEqual(first!.context?.tables?.[0]?.rows, [
      ['2020-01', '1.00'],
      ['2020-02', '1.10'],
      ['2020-03', '1.20'],
    ]);
    assert.match(first!.prompt, /Sticky Price Consumer Price Index less Food and Energy/);
    assert.match(first!.prompt, /Forecast the next month's value, for 2020-04 \(YoY %, one decimal\)\./);
    assert.deepEqual(first!.meta, { series: 'CORESTICKM159SFRBATL', file: 'small.csv', line: 5, target: '2020-04-01', window: 3, selection: 'even', lastObserved: 1.2 });
    const rendered = renderQuestion(first!);
    assert.match(rendered, /2020-03 \| 1\.20/);
  });

  it('describes an unknown series neutrally, and honours --limit after selection', async () => {
    const path = await file('other.csv', csv('DATE,UNRATE', 8));
    const questions = await fredLoader.load(path, { limit: 2, forecast: { window: 2, events: 'all', selectionSeed: 3 } });
    assert.equal(questions.length, 2);
    assert.match(questions[0]!.prompt, /FRED series UNRATE, monthly\./);
    assert.match(questions[0]!.prompt, /in the units of the series, one decimal/);
    assert.equal(questions[0]!.meta?.['selectionSeed'], 3);
  });

  it('is detected from a .csv header; other CSV headers are a ConfigError', async () => {
    const path = await file('detect.csv', csv('DATE,SERIES', 14));
    const loaded = await loadQuestions({ path, forecast: { events: 2 } });
    assert.equal(loaded.name, 'fred');
    assert.deepEqual(
      loaded.questions.map((question) => question.id),
      ['fred:2021-01', 'fred:2021-02'],
    );
    const other = await file('other-format.csv', 'question,answer\nwhy,because\n');
    await assert.rejects(loadQuestions({ path: other }), (error: unknown) => error instanceof ConfigError && /its header is question,answer/.test(error.message));
  });

  it('a series without any full window is a DatasetFormatError', async () => {
    const path = await file('short.csv', csv('DATE,SERIES', 5));
    await assert.rejects(fredLoader.load(path), formatError(undefined, undefined, /no month has 12 present observations before it \(5 rows\)/));
  });
});

describe('fred loader on the shared sticky-price CPI file', { skip: hasSharedData(...SHARED) ? false : `shared data not found at ${sharedDataFile(...SHARED)}` }, () => {
  it('121 monthly observations, 109 eligible months, 20 evenly spaced events', async () => {
    const path = sharedDataFile(...SHARED);
    const series = parseFredCsv(path, readFileSync(path, 'utf8'));
    assert.equal(series.observations.length, 121);
    assert.equal(series.dateColumn, 'observation_date');
    assert.equal(series.observations[0]!.date, '2015-01-01');
    assert.equal(series.observations.at(-1)!.value, 3.625276327);
    assert.equal(eligibleTargets(series.observations, 12).length, 109);

    const loaded = await loadQuestions({ dataset: 'fred', path });
    assert.equal(loaded.questions.length, 20);
    assert.equal(new Set(loaded.questions.map((question) => question.id)).size, 20);
    // E = 109 eligible months (2016-01 … 2025-01), n = 20: event k is eligible month round(k·108/19)
    assert.equal(loaded.questions[0]!.id, 'fred:2016-01');
    assert.equal(loaded.questions[1]!.id, 'fred:2016-07');
    assert.equal(loaded.questions.at(-1)!.id, 'fred:2025-01');
    assert.deepEqual(loaded.questions.at(-1)!.gold, { kind: 'number', value: 3.625276327 });
    const detected = await loadQuestions({ path });
    assert.deepEqual(detected.questions, loaded.questions);
  });

  it('without --data uses the shared file and records default:fred, which loads again', async () => {
    const loaded = await loadQuestions({ dataset: 'fred', limit: 3, forecast: { selectionSeed: 5 } });
    assert.equal(loaded.path, 'default:fred');
    assert.deepEqual(loaded.questions, (await loadQuestions({ path: loaded.path, limit: 3, forecast: { selectionSeed: 5 } })).questions);
  });
});
