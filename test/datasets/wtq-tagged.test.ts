import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { wtqLoader } from '../../src/datasets/wikitablequestions.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quorum-wtq-tagged-'));
  await mkdir(join(dir, 'data'));
  await mkdir(join(dir, 'csv', '200-csv'), { recursive: true });
  await writeFile(join(dir, 'csv', '200-csv', '1.csv'), '"Year","Count"\n"1995","100,000"\n');
  await writeFile(join(dir, 'data', 'q.tsv'), 'id\tutterance\tcontext\ttargetValue\nq-0\thow many?\tcsv/200-csv/1.csv\t100,000\nq-1\twhen?\tcsv/200-csv/1.csv\tJanuary 26, 1995\n');
});
after(() => rm(dir, { recursive: true, force: true }));

describe('wtq loader: CoreNLP targetCanon', () => {
  it('adds targetCanon from tagged/data/<name>.tagged, matched by id', async () => {
    await mkdir(join(dir, 'tagged', 'data'), { recursive: true });
    const tagged = 'id\tutterance\tcontext\ttargetValue\ttokens\ttargetCanon\ttargetCanonType\nq-1\twhen?\tcsv/200-csv/1.csv\tJanuary 26, 1995\twhen|?\t1995-01-26\tdate\nq-0\thow many?\tcsv/200-csv/1.csv\t100,000\thow|many|?\t100000.0\tnumber\n';
    await writeFile(join(dir, 'tagged', 'data', 'q.tagged'), tagged);
    const [count, date] = await wtqLoader.load(join(dir, 'data', 'q.tsv'));
    assert.equal(count!.meta?.['targetCanon'], '100000.0');
    assert.equal(date!.meta?.['targetCanon'], '1995-01-26');
    await rm(join(dir, 'tagged'), { recursive: true });
  });

  it('leaves it out when there is no tagged file', async () => {
    const [count] = await wtqLoader.load(join(dir, 'data', 'q.tsv'));
    assert.equal(count!.meta?.['targetCanon'], undefined);
    assert.equal(count!.meta?.['targetValue'], '100,000');
  });
});
