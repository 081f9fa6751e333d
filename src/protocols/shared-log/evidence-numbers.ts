import { findNumbers } from '../../parsing/numeric-answer.js';
import { numbersInText, parseNumberText, sameNumber } from '../../tools/units/number-text.js';
import { type Scale, declaredScale, scaleWord } from '../../tools/units/scale.js';
import type { EvidenceSources } from './evidence-sources.js';
import type { LogEntry, Modality } from '../../spec/log-entry.js';

/** A number an evidence entry states, with the scale it is stated in. */
export interface StatedNumber {
  value: number;
  scale: Scale;
}

/**
 * The numbers an evidence entry states. A LOOKUP states its cell (not the
 * row and column names around it); a QUOTE or VISUAL its text. Each number
 * counts as written, with its own scale word applied ("$2.1 million" is
 * also 2,100,000) and as a fraction when written as a percentage ("5%" is
 * also 0.05), since programs use both forms. The scale is the number's own
 * scale word, else what the table (column, row label, caption, header rows)
 * or the quoted text declares.
 */
export function statedNumbers(entry: LogEntry, sources: EvidenceSources): StatedNumber[] {
  const text = entry.type === 'LOOKUP' ? String(entry.meta['cell'] ?? '') : entry.content;
  const declared = entry.type === 'LOOKUP' ? tableScale(entry, sources) : declaredScale(text);
  const stated: StatedNumber[] = [];
  for (const mention of findNumbers(text)) {
    const own = mention.percent ? 'percent' : mention.scale === 1 ? '' : scaleWord(({ 1e3: 'thousand', 1e6: 'million', 1e9: 'billion' } as Record<number, string>)[mention.scale]);
    const scale = own === '' ? declared : own;
    stated.push({ value: mention.value, scale });
    if (mention.scale !== 1) stated.push({ value: mention.value * mention.scale, scale: '' });
    if (mention.percent) stated.push({ value: mention.value / 100, scale: 'percent' });
  }
  for (const value of numbersInText(text)) if (!stated.some((each) => sameNumber(each.value, value))) stated.push({ value, scale: declared });
  const whole = parseNumberText(text);
  if (whole !== undefined && !stated.some((each) => sameNumber(each.value, whole.value))) stated.push({ value: whole.value, scale: declared });
  return stated;
}

/** The scale a LOOKUP's table declares for the cited cell. */
function tableScale(entry: LogEntry, sources: EvidenceSources): Scale {
  const table = sources.tables.find((each) => each.id === entry.meta['table']);
  const candidates = [String(entry.meta['column'] ?? ''), String(entry.meta['rowLabel'] ?? ''), table?.caption ?? '', table?.header.join(' ') ?? '', table?.rows[0]?.join(' ') ?? ''];
  for (const text of candidates) {
    const scale = declaredScale(text);
    if (scale !== '') return scale;
  }
  return '';
}

/** The stated number of an entry equal to a value, if any. */
export function findStated(entry: LogEntry, sources: EvidenceSources, value: number): StatedNumber | undefined {
  return statedNumbers(entry, sources).find((stated) => sameNumber(stated.value, value));
}

/** Where a number occurs in the question's sources (to aim a second chance), if anywhere. */
export function locateInSources(sources: EvidenceSources, value: number): { modality: Exclude<Modality, 'any'>; where: string } | undefined {
  for (const table of sources.tables) {
    for (const [row, cells] of table.rows.entries()) {
      const column = cells.findIndex((cell) => numbersInText(cell).some((each) => sameNumber(each, value)) || sameNumber(parseNumberText(cell)?.value ?? NaN, value));
      if (column >= 0) return { modality: 'table', where: `table "${table.id}" row ${row} ("${cells[0] ?? ''}"), column "${table.header[column] ?? column}"` };
    }
  }
  for (const passage of sources.passages) {
    if (findNumbers(passage.text).some((mention) => sameNumber(mention.value, value) || (mention.percent && sameNumber(mention.value / 100, value)))) return { modality: 'text', where: `passage "${passage.id}"` };
  }
  for (const [image, reading] of sources.readings) {
    if (reading.lines.some((line) => numbersInText(line.text).some((each) => sameNumber(each, value)))) return { modality: 'image', where: `image "${image}"` };
  }
  return undefined;
}
