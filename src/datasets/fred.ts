import { access } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ConfigError, DatasetFormatError } from '../spec/errors.js';
import type { Question } from '../spec/question.js';
import type { DatasetLoader, LoadOptions } from './dataset-loader.js';
import { type FredSeries, isFredHeader, parseFredCsv } from './fred-csv.js';
import { type ForecastEvent, type ForecastSelection, resolveForecastSelection, selectForecastEvents } from './forecast-events.js';
import { readDataFile } from './jsonl-records.js';
import { sharedDataDir } from './shared-data.js';

/** The FRED file used when no path is given, relative to the shared data directory. */
export const FRED_DEFAULT_FILE = join('fred_sticky_cpi', 'CORESTICKM159SFRBATL.csv');

/** Decimals of the values shown to agents; the gold keeps the file's full precision. */
export const FRED_DISPLAY_DECIMALS = 2;

/** What the question says about a series. */
interface SeriesDescription {
  title: string;
  source: string;
  /** What a value measures, in words. */
  units: string;
  /** The unit of the requested answer, short ("YoY %"). */
  answerUnit: string;
}

// Only series whose meaning is documented with the shared data; other ids get a neutral description.
const KNOWN_SERIES: Readonly<Record<string, SeriesDescription>> = {
  CORESTICKM159SFRBATL: {
    title: 'Sticky Price Consumer Price Index less Food and Energy',
    source: 'Federal Reserve Bank of Atlanta',
    units: 'percent change from a year earlier, seasonally adjusted',
    answerUnit: 'YoY %',
  },
  STICKCPIM157SFRBATL: {
    title: 'Sticky Price Consumer Price Index',
    source: 'Federal Reserve Bank of Atlanta',
    units: 'percent change from the previous month at an annualized rate, seasonally adjusted',
    answerUnit: 'annualized %',
  },
};

/**
 * FRED monthly series as a forecasting task (docs/forecasting.md). Each
 * event is a month t and the `window` observations before it; agents
 * forecast the value at t, and the realised value is the numeric gold.
 * Question ids are `fred:YYYY-MM` (the month forecast). `--limit` keeps the
 * first n chosen events, in date order.
 */
export const fredLoader: DatasetLoader = {
  name: 'fred',
  paper: 'FRED, Federal Reserve Economic Data (St. Louis Fed)',
  description: 'FRED monthly series CSV (observation_date or DATE, then the series): forecast the next month from a window of observations',
  recognizesCsvHeader: isFredHeader,
  forecasting: true,
  async load(path?: string, options: LoadOptions = {}): Promise<Question[]> {
    const selection = resolveForecastSelection(options.forecast);
    const file = path ?? (await defaultFredFile());
    const series = parseFredCsv(file, await readDataFile(file));
    const events = selectForecastEvents(series.observations, selection);
    if (events.length === 0) {
      throw new DatasetFormatError(
        file,
        undefined,
        undefined,
        `no month has ${selection.window} present observations before it (${series.observations.length} rows)`,
        'use a longer series or a shorter window',
      );
    }
    return events.slice(0, options.limit ?? events.length).map((event) => forecastQuestion(series, event, selection));
  },
};

/** The question of one forecasting event. */
export function forecastQuestion(series: FredSeries, event: ForecastEvent, selection: ForecastSelection): Question {
  const description = KNOWN_SERIES[series.seriesId];
  const answerUnit = description?.answerUnit ?? 'in the units of the series';
  const first = month(event.history[0]!.date);
  const last = month(event.history.at(-1)!.date);
  const target = month(event.target.date);
  const about =
    description === undefined
      ? `FRED series ${series.seriesId}, monthly.`
      : `${description.title} (FRED series ${series.seriesId}, ${description.source}), monthly, ${description.units}.`;
  const prompt = [
    `Forecast a monthly economic time series. Series: ${about}`,
    `The table lists its ${event.history.length} monthly values from ${first} to ${last}.`,
    `Forecast the next month's value, for ${target} (${answerUnit}, one decimal).`,
  ].join(' ');
  const meta: Record<string, unknown> = {
    series: series.seriesId,
    file: basename(series.file),
    line: event.target.line,
    target: event.target.date,
    window: selection.window,
    selection: selection.method,
    lastObserved: event.history.at(-1)!.value,
  };
  if (selection.selectionSeed !== undefined) meta['selectionSeed'] = selection.selectionSeed;
  return {
    id: `fred:${target}`,
    prompt,
    gold: { kind: 'number', value: event.target.value },
    context: {
      tables: [
        {
          id: 'history',
          header: ['month', description === undefined ? series.seriesId : `${series.seriesId} (${description.answerUnit})`],
          rows: event.history.map((observation) => [month(observation.date), observation.value.toFixed(FRED_DISPLAY_DECIMALS)]),
          caption: `${series.seriesId}, ${first} to ${last}`,
        },
      ],
    },
    meta,
  };
}

function month(date: string): string {
  return date.slice(0, 7);
}

async function defaultFredFile(): Promise<string> {
  const file = join(sharedDataDir(), FRED_DEFAULT_FILE);
  try {
    await access(file);
    return file;
  } catch {
    throw new ConfigError(
      `no FRED file given and none found at ${file}`,
      'pass --data <FRED .csv download>, or set QUORUM_SHARED_DATA to the directory that holds fred_sticky_cpi/CORESTICKM159SFRBATL.csv',
    );
  }
}
