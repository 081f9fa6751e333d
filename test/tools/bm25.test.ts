import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Bm25Index } from '../../src/tools/bm25/bm25-index.js';
import { directBm25 } from '../../src/tools/bm25/direct-bm25.js';
import { searchTokens } from '../../src/tools/bm25/tokenize.js';

const LIBRARY = [
  { id: 'text_0', text: 'Net revenues increased 4% to $5,829 million in 2019, driven by higher volumes.' },
  { id: 'text_1', text: 'Operating expenses were flat; all amounts are in millions of dollars.' },
  { id: 'text_2', text: 'The company opened 12 new stores in Texas and closed 3 stores in Ohio.' },
  { id: 'text_3', text: 'Revenue revenue revenue: a paragraph that repeats one word many times without numbers.' },
  { id: 'text_4', text: 'Dividends of $1.20 per share were paid in 2019 and $1.10 in 2018.' },
];

describe('BM25 retrieval', () => {
  it('tokenises words and numbers, without grouping commas or function words', () => {
    assert.deepEqual(searchTokens('What were the Net revenues of $5,829.5 million in 2019?'), ['net', 'revenues', '5829.5', 'million', '2019']);
  });

  it('ranks the passage that matches the question first', () => {
    const index = new Bm25Index(LIBRARY);
    assert.equal(index.engine, 'wink');
    assert.equal(index.search('how many new stores were opened?', 1)[0]!.id, 'text_2');
    assert.equal(index.search('dividends per share in 2018', 1)[0]!.id, 'text_4');
    assert.deepEqual(index.search('net revenues 2019').map((hit) => hit.id).slice(0, 2), ['text_0', 'text_4']);
    assert.deepEqual(index.search('zebra'), []);
  });

  it('ranks with the same scores as the direct formula on a library wink can consolidate', () => {
    const index = new Bm25Index(LIBRARY);
    for (const query of ['revenue 2019', 'stores Texas Ohio', 'amounts in millions of dollars', 'revenue revenue']) {
      const direct = directBm25(LIBRARY.map((document) => document.text), query)
        .sort((a, b) => b.score - a.score || a.index - b.index)
        .map(({ index: position, score }) => ({ id: LIBRARY[position]!.id, score: Number(score.toFixed(4)) }));
      assert.deepEqual(index.search(query).map(({ id, score }) => ({ id, score: Number(score.toFixed(4)) })), direct, query);
    }
  });

  it('serves libraries of fewer than 3 documents with the direct scorer', () => {
    const two = new Bm25Index(LIBRARY.slice(0, 2));
    assert.equal(two.engine, 'direct');
    assert.deepEqual(two.search('operating expenses').map((hit) => hit.id), ['text_1']);
    const one = new Bm25Index(LIBRARY.slice(2, 3));
    assert.deepEqual(one.search('stores').map((hit) => [hit.id, hit.rank]), [['text_2', 0]]);
    assert.deepEqual(new Bm25Index([]).search('anything'), []);
    assert.throws(() => new Bm25Index([LIBRARY[0]!, LIBRARY[0]!]), /unique/);
  });

  it('breaks ties in library order', () => {
    const index = new Bm25Index([
      { id: 'b', text: 'alpha beta' },
      { id: 'a', text: 'alpha beta' },
      { id: 'c', text: 'gamma' },
    ]);
    assert.deepEqual(index.search('alpha').map((hit) => hit.id), ['b', 'a']);
  });
});
