import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { defaultModelsDir } from '../quorum-cache-dir.js';
import { buildTestModel, TEST_MODEL_NAME, TEST_MODEL_VERSION } from './build-test-model.js';

/** File name of the generated model; the version changes it when the bytes change. */
export const TEST_MODEL_FILE = `${TEST_MODEL_NAME}-v${TEST_MODEL_VERSION}.gguf`;

/**
 * Returns the path of quorum's random-weight test model in `dir` (default:
 * the models cache, see `defaultModelsDir`), writing it first when it is
 * missing or its bytes differ from what this version generates. Writes go to
 * a temporary file renamed into place, so concurrent callers never see half a
 * file.
 */
export async function ensureTestModel(dir: string = defaultModelsDir()): Promise<string> {
  const path = join(dir, TEST_MODEL_FILE);
  const expected = buildTestModel();
  const existing = await readFile(path).catch(() => undefined);
  if (existing !== undefined && existing.equals(expected)) return path;
  await writeTestModel(path, expected);
  return path;
}

/** Writes the test model to an exact path (atomically) and returns it. */
export async function writeTestModelFile(path: string): Promise<string> {
  await writeTestModel(path, buildTestModel());
  return path;
}

async function writeTestModel(path: string, bytes: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
