import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';

const SLICE = 1 << 20;

/**
 * A short fingerprint of a model file: SHA-256 of its size, first MiB and
 * last MiB. It goes into the backend id, and so into completion-cache keys:
 * two different files that share a base name never share cached replies,
 * while the same file moved elsewhere keeps its cache. Reading 2 MiB is
 * cheap next to loading the model.
 */
export async function modelFingerprint(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const hash = createHash('sha256').update(String(size));
    const head = Buffer.alloc(Math.min(SLICE, size));
    await handle.read(head, 0, head.length, 0);
    hash.update(head);
    if (size > SLICE) {
      const tail = Buffer.alloc(Math.min(SLICE, size - SLICE));
      await handle.read(tail, 0, tail.length, size - tail.length);
      hash.update(tail);
    }
    return hash.digest('hex').slice(0, 12);
  } finally {
    await handle.close();
  }
}
