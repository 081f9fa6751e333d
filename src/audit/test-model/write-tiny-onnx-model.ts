import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { buildTinyOnnxModel, type TinyOnnxModelOptions } from './build-tiny-onnx-model.js';

/**
 * Writes the tiny test model folder (see `buildTinyOnnxModel`) into `dir`
 * and returns `dir`. Files already holding the right bytes are left alone;
 * others are written to a temporary name and renamed, so parallel test
 * files never read half a file.
 */
export async function writeTinyOnnxModel(dir: string, options: TinyOnnxModelOptions = {}): Promise<string> {
  for (const [name, bytes] of Object.entries(buildTinyOnnxModel(options))) {
    const path = join(dir, name);
    const existing = await readFile(path).catch(() => undefined);
    if (existing?.equals(bytes) === true) continue;
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
  return dir;
}
