import { access } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parseCsvRecords } from '../util/csv-records.js';
import { readDataFile } from './jsonl-records.js';

/**
 * CoreNLP's canonical answers (`targetCanon`) by question id, from the
 * `.tagged` file that WikiTableQuestions ships beside each question file
 * (`tagged/data/<name>.tagged` under the dataset root). The official
 * evaluator types gold answers by this column ("100,000" → 100000,
 * "January 26, 1995" → 1995-01-26); an empty map when the file is absent.
 */
export async function readWtqTargetCanon(questionFile: string): Promise<Map<string, string>> {
  const tagged = join(dirname(dirname(questionFile)), 'tagged', 'data', `${basename(questionFile).replace(/\.tsv$/, '')}.tagged`);
  try {
    await access(tagged);
  } catch {
    return new Map();
  }
  const [header, ...records] = parseCsvRecords(tagged, await readDataFile(tagged), { separator: '\t', quoted: false });
  const columns = header?.cells ?? [];
  const id = columns.indexOf('id');
  const canon = columns.indexOf('targetCanon');
  const byId = new Map<string, string>();
  if (id === -1 || canon === -1) return byId;
  for (const { cells } of records) {
    if (cells[id] !== undefined && cells[canon] !== undefined) byId.set(cells[id]!, cells[canon]!);
  }
  return byId;
}
