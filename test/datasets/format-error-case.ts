import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { DatasetFormatError } from '../../src/spec/errors.js';

/** A sample file written for quorum, under `fixtures/datasets/`. */
export function fixtureFile(...parts: string[]): string {
  return fileURLToPath(new URL(`../../fixtures/datasets/${parts.join('/')}`, import.meta.url));
}

/** What a malformed row must be reported as. */
export interface ExpectedFormatError {
  file: string;
  line: number | undefined;
  field: string | undefined;
  message: RegExp;
}

/** Asserts that loading fails with a `DatasetFormatError` naming file, line and field, in that order in the message. */
export async function rejectsWithFormatError(loading: Promise<unknown>, expected: ExpectedFormatError): Promise<void> {
  await assert.rejects(loading, (error: unknown) => {
    assert.ok(error instanceof DatasetFormatError, String(error));
    assert.equal(error.code, 'DATASET_FORMAT');
    assert.equal(error.file, expected.file);
    assert.equal(error.line, expected.line);
    assert.equal(error.field, expected.field);
    const where = [expected.file, expected.line === undefined ? undefined : `line ${expected.line}`, expected.field === undefined ? undefined : `field "${expected.field}"`].filter((part) => part !== undefined).join(', ');
    assert.ok(error.message.startsWith(`${where}: `), error.message);
    assert.match(error.message, expected.message);
    return true;
  });
}
