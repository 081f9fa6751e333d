import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { krippendorffAlpha } from '../../src/validation/krippendorff-alpha.js';

const close = (actual: number | null, expected: number, digits: number): void => {
  assert.ok(actual !== null && Math.abs(actual - expected) < 0.5 * 10 ** -digits, `expected ${expected} (to ${digits} decimals), got ${actual}`);
};

/** Units as lists of the values given (missing ratings left out), from rows of raters. */
function units(rows: ReadonlyArray<ReadonlyArray<number | null>>): number[][] {
  return rows[0]!.map((_, unit) => rows.map((row) => row[unit]).filter((value): value is number => value !== null && value !== undefined));
}

describe("Krippendorff's α", () => {
  // Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: four observers,
  // twelve units, values 1–5, missing data. Published: nominal .743, ordinal .815, interval .849.
  // The same data is R irr's kripp.alpha example and fast-krippendorff's test_ordinal_metric.
  const paperC = units([
    [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, null],
    [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 3],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
  ]);

  it("Krippendorff's own example (2011, section C): ordinal α = .815", () => {
    const result = krippendorffAlpha(paperC, 'ordinal');
    close(result.alpha, 0.815, 3);
    // Unit 12 has one value and cannot be paired: 11 units, 40 pairable values (the paper's n).
    assert.equal(result.units, 11);
    assert.equal(result.pairableValues, 40);
  });

  it('the same data: nominal α = .743 and interval α = .849, as published', () => {
    close(krippendorffAlpha(paperC, 'nominal').alpha, 0.743, 3);
    close(krippendorffAlpha(paperC, 'interval').alpha, 0.849, 3);
  });

  it("Wikipedia's computational example (3 coders, 15 units): nominal α = 0.691358, interval α = 0.810845", () => {
    const wikipedia = units([
      [null, null, null, null, null, 3, 4, 1, 2, 1, 1, 3, 3, null, 3],
      [1, null, 2, 1, 3, 3, 4, 3, null, null, null, null, null, null, null],
      [null, null, 2, 1, 3, 4, 4, null, 2, 1, 1, 3, 3, null, 4],
    ]);
    close(krippendorffAlpha(wikipedia, 'nominal').alpha, 0.691358, 6);
    close(krippendorffAlpha(wikipedia, 'interval').alpha, 0.810845, 6);
  });

  it('perfect agreement is 1; undefined (null) without pairable units or with one value only', () => {
    assert.equal(krippendorffAlpha([[1, 1], [3, 3, 3], [5, 5]]).alpha, 1);
    assert.deepEqual(krippendorffAlpha([[1], [2]]), { alpha: null, units: 0, pairableValues: 0 });
    assert.equal(krippendorffAlpha([[4, 4], [4, 4]]).alpha, null);
  });

  it('ordinal penalises a 1-vs-5 disagreement more than a 2-vs-3 one', () => {
    const base = [[1, 1], [2, 2], [3, 3], [4, 4], [5, 5]];
    const near = krippendorffAlpha([...base, [2, 3]]).alpha!;
    const far = krippendorffAlpha([...base, [1, 5]]).alpha!;
    assert.ok(far < near, `far ${far} should be below near ${near}`);
  });
});
