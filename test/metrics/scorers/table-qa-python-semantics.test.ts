import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { numpyMeanRound } from '../../../src/metrics/scorers/python/numpy-mean-round.js';
import { pythonFixed } from '../../../src/metrics/scorers/python/python-fixed.js';
import { pythonFloatRepr } from '../../../src/metrics/scorers/python/python-float-repr.js';
import { parsePythonFloat as pythonFloat, parsePythonInt as pythonInt } from '../../../src/metrics/scorers/python/python-number-parse.js';
import { pythonRound } from '../../../src/metrics/scorers/python/python-round.js';
import { pythonSplit, pythonStrip } from '../../../src/metrics/scorers/python/python-text.js';
import { pythonWhitespaceClass } from '../../../src/metrics/scorers/python/python-whitespace.js';

// Expected values: what CPython prints for the same expression (Python 3.11.7 with NumPy 2.4.6, and
// Python 2.7.18 for the version-2 parsers), written next to each assertion.
describe('Python semantics the WTQ and TAT-QA evaluators depend on', () => {
  it("'%.4f' % x rounds exact ties to even and keeps -0", () => {
    assert.equal(pythonFixed(0.03125, 4), '0.0312'); // '%.4f' % 0.03125
    assert.equal(pythonFixed(0.09375, 4), '0.0938'); // '%.4f' % 0.09375
    assert.equal(pythonFixed(-0.001, 4), '-0.0010');
    assert.equal(pythonFixed(-0.00001, 4), '-0.0000');
    assert.equal(pythonFixed(1234100000.0000002, 4), '1234100000.0000');
    assert.equal(pythonFixed(1e22, 4), '10000000000000000000000.0000');
  });

  it('round(x, n) is correctly rounded, ties to even; NumPy multiplies first', () => {
    assert.equal(pythonRound(0.125, 2), 0.12); // round(0.125, 2)
    assert.equal(pythonRound(0.375, 2), 0.38);
    assert.equal(pythonRound(2.675, 2), 2.67); // 2.675 is stored below the tie
    assert.ok(Object.is(pythonRound(-0.001, 2), -0)); // round(-0.001, 2) == -0.0
    assert.equal(numpyMeanRound([0.665], 2), 0.66); // round(np.float64(0.665), 2); Python's round gives 0.67
    assert.equal(pythonRound(0.665, 2), 0.67);
    assert.equal(numpyMeanRound([2.675], 2), 2.68); // round(np.float64(2.675), 2)
  });

  it('str(float) uses exponents below 1e-4 and from 1e16', () => {
    assert.equal(pythonFloatRepr(1e16), '1e+16');
    assert.equal(pythonFloatRepr(9999999999999998), '9999999999999998.0');
    assert.equal(pythonFloatRepr(1e-5), '1e-05');
    assert.equal(pythonFloatRepr(0.0001), '0.0001');
    assert.equal(pythonFloatRepr(1.5e300), '1.5e+300');
    assert.equal(pythonFloatRepr(-0), '-0.0');
    assert.equal(pythonFloatRepr(1210), '1210.0');
  });

  it('int() and float() of text, Python 2 and 3', () => {
    assert.equal(pythonInt(' - 5', 2), -5n); // Python 2: int(u' - 5') == -5
    assert.equal(pythonInt('- 5', 3), undefined); // Python 3: ValueError
    assert.equal(pythonInt('1_000', 3), 1000n);
    assert.equal(pythonInt('1_000', 2), undefined);
    assert.equal(pythonInt('\u0661\u0662', 2), 12n); // Arabic-Indic digits
    assert.equal(pythonInt('\uff11\uff12', 3), 12n); // fullwidth digits
    assert.equal(pythonInt('12L', 2), undefined);
    assert.equal(pythonInt('\u200b12', 2), undefined); // UnicodeEncodeError in Python 2
    assert.equal(pythonFloat('- 5', 2), undefined);
    assert.equal(pythonFloat('5.', 2), 5);
    assert.equal(pythonFloat('.5', 3), 0.5);
    assert.equal(pythonFloat('1e3', 2), 1000);
    assert.equal(pythonFloat('-Infinity', 2), -Infinity);
    assert.ok(Number.isNaN(pythonFloat('nan', 3)));
    assert.equal(pythonFloat('1,000', 3), undefined);
    assert.ok(Object.is(pythonFloat('-0', 2), -0));
  });

  it('whitespace: U+001C–U+001F count, U+FEFF does not, U+180E only in Python 2', () => {
    assert.deepEqual(pythonSplit('a\x1cb\ufeffc'), ['a', 'b\ufeffc']);
    assert.equal(pythonStrip('\u180eab'), '\u180eab'); // Python 3
    const python2 = new RegExp(`^[${pythonWhitespaceClass(2)}]+|[${pythonWhitespaceClass(2)}]+$`, 'gu');
    assert.equal(' \x1c\u180eab\u3000'.replace(python2, ''), 'ab'); // Python 2: u' \x1c\u180eab\u3000'.strip()
  });
});
