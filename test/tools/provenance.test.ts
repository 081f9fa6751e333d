import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkLookup } from '../../src/tools/provenance/check-lookup.js';
import { checkQuote } from '../../src/tools/provenance/check-quote.js';
import { checkVisual } from '../../src/tools/provenance/check-visual.js';
import { findSpan } from '../../src/tools/provenance/find-span.js';
import { OCR_ENGINE, type OcrReading } from '../../src/tools/ocr/ocr-line.js';

const TABLES = [
  { id: 'table', header: ['company', 'payments volume ( billions )', 'change'], rows: [['visa inc. ( 1 )', '$ 2457', '(3.1)'], ['american express', '637', '-8,683'], ['Alejandro Valverde (ESP)', '27.9%', 'n/a']] },
];
const PASSAGES = [
  { id: 'text_0', text: 'the largest operators are visa , mastercard , american express , discover , jcb and diners club .' },
  { id: 'text_1', text: 'Revenue grew 4% to $2.1 million.' },
];

describe('LOOKUP provenance', () => {
  const accepted = [
    ['american express row', { table: 'table', row: 1, column: 'payments volume ( billions )', value: '637' }],
    ['a currency cell by value', { table: 'table', row: 0, column: 'payments volume ( billions )', value: '2457' }],
    ['a column named loosely', { table: 'table', row: 0, column: 'Payments volume (billions)', value: '$2,457' }],
    ['accounting parentheses as negative', { table: 'table', row: 0, column: 'change', value: '-3.1' }],
    ['accounting parentheses as written', { table: 'table', row: 0, column: 'change', value: '3.1' }],
    ['grouped digits', { table: 'table', row: 1, column: 'change', value: '-8683' }],
    ['a percentage', { table: 'table', row: 2, column: 'payments volume ( billions )', value: '27.9' }],
    ['words inside the cell', { table: 'table', row: 2, column: 'company', value: 'alejandro valverde' }],
    ['a column by index', { table: 'table', row: 1, column: 0, value: 'American Express' }],
  ] as const;
  for (const [name, claim] of accepted) {
    it(`accepts ${name}`, () => {
      const result = checkLookup(TABLES, claim);
      assert.equal(result.accepted, true, result.accepted ? '' : result.rejection);
    });
  }

  const rejected = [
    ['a value from another row', { table: 'table', row: 0, column: 'payments volume ( billions )', value: '637' }, /value "637" is not in table "table" row 0, column "payments volume \( billions \)" \(the cell holds "\$ 2457"\); the value is at row 1, column "payments volume \( billions \)"/],
    ['part of a number', { table: 'table', row: 2, column: 'payments volume ( billions )', value: '27' }, /not in table/],
    ['a sign flip', { table: 'table', row: 1, column: 'change', value: '8683' }, /not in table/],
    ['an unknown table', { table: 'tables', row: 0, column: 'company', value: 'x' }, /no table "tables" \(tables: "table"\)/],
    ['a row out of range', { table: 'table', row: 3, column: 'company', value: 'x' }, /no row 3 \(rows 0–2\)/],
    ['an unknown column', { table: 'table', row: 0, column: 'volume', value: '2457' }, /no column "volume"/],
    ['an empty value', { table: 'table', row: 0, column: 'company', value: ' ' }, /empty/],
    ['a word not in the cell', { table: 'table', row: 2, column: 'company', value: 'Valverde Spain' }, /not in table/],
  ] as const;
  for (const [name, claim, reason] of rejected) {
    it(`rejects ${name}`, () => {
      const result = checkLookup(TABLES, claim);
      assert.equal(result.accepted, false);
      assert.match(result.accepted ? '' : result.rejection, reason);
    });
  }

  it('stores the cell text and coordinates as provenance', () => {
    const result = checkLookup(TABLES, { table: 'table', row: 1, column: 'payments volume ( billions )', value: '637' });
    assert.ok(result.accepted);
    assert.equal(result.content, 'table "table", row 1 ("american express"), column "payments volume ( billions )": 637');
    assert.deepEqual(result.meta, { source: 'table', table: 'table', row: 1, column: 'payments volume ( billions )', columnIndex: 1, rowLabel: 'american express', cell: '637', value: '637' });
  });
});

describe('QUOTE provenance', () => {
  it('accepts an exact span with its offsets', () => {
    const result = checkQuote(PASSAGES, { passage: 'text_1', text: 'grew 4% to $2.1 million' }, 'exact');
    assert.ok(result.accepted);
    assert.deepEqual(result.meta, { source: 'passage', passage: 'text_1', start: 8, end: 31, match: 'exact' });
  });

  it('loose mode forgives spacing and case but stores the source text', () => {
    const result = checkQuote(PASSAGES, { passage: 'text_0', text: 'Visa, MasterCard, American Express' }, 'loose');
    assert.ok(result.accepted, result.accepted ? '' : result.rejection);
    assert.equal(result.content, 'visa , mastercard , american express');
    assert.equal(result.meta['match'], 'loose');
    assert.equal(checkQuote(PASSAGES, { passage: 'text_0', text: 'Visa, MasterCard, American Express' }, 'exact').accepted, false);
  });

  it('rejects paraphrases, wrong passages, partial words and empty quotes', () => {
    const paraphrase = checkQuote(PASSAGES, { passage: 'text_1', text: 'Revenue rose 4%' }, 'loose');
    assert.match(paraphrase.accepted ? '' : paraphrase.rejection, /not a span of passage "text_1"/);
    const wrong = checkQuote(PASSAGES, { passage: 'text_0', text: 'Revenue grew 4%' }, 'exact');
    assert.match(wrong.accepted ? '' : wrong.rejection, /not an exact span of passage "text_0"; it is a span of passage "text_1"/);
    assert.equal(checkQuote(PASSAGES, { passage: 'text_9', text: 'visa' }, 'exact').accepted, false);
    assert.equal(checkQuote(PASSAGES, { passage: 'text_0', text: '...' }, 'loose').accepted, false);
    assert.equal(findSpan('mastercard', 'astercar', 'loose'), undefined, 'loose spans start and end on word boundaries');
    assert.equal(findSpan('the cat sat', 'Cat', 'loose'), undefined, 'short quotes must match exactly');
  });
});

describe('VISUAL provenance', () => {
  const reading: OcrReading = { lines: [{ text: 'THE QUIET HARBOR', confidence: 0.99 }, { text: 'Box office: $4.2 million', confidence: 0.93 }], dropped: [], engine: OCR_ENGINE, timings: { loadMs: 0, detectMs: 0 } };
  const readings = new Map([['poster', reading]]);

  it('accepts text OCR read, with its lines and lowest confidence', () => {
    const result = checkVisual(readings, { image: 'poster', text: 'box office: $4.2 million' }, 'loose');
    assert.ok(result.accepted);
    assert.equal(result.content, 'Box office: $4.2 million');
    assert.deepEqual([result.meta['lines'], result.meta['confidence']], [[1], 0.93]);
    const both = checkVisual(readings, { image: 'poster', text: 'HARBOR\nBox office' }, 'exact');
    assert.ok(both.accepted);
    assert.deepEqual(both.meta['lines'], [0, 1]);
  });

  it('rejects text OCR did not read and images never read', () => {
    assert.equal(checkVisual(readings, { image: 'poster', text: 'Box office: $5 million' }, 'loose').accepted, false);
    const unread = checkVisual(readings, { image: 'logo', text: 'x' }, 'loose');
    assert.match(unread.accepted ? '' : unread.rejection, /image "logo" has not been read/);
  });
});
