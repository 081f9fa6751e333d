import type { ProgressInfo } from '@huggingface/transformers';

/**
 * A `progress_callback` for transformers.js downloads: a bar on a terminal,
 * one line per file otherwise, nothing when quiet. Loading files that are
 * already cached reports no download events, so a cached model is silent.
 */
export async function downloadProgress(modelId: string, quiet: boolean): Promise<{ callback: (info: ProgressInfo) => void; stop: () => void }> {
  if (quiet) return { callback: () => undefined, stop: () => undefined };
  if (process.stderr.isTTY !== true) {
    return {
      callback: (info) => {
        if (info.status === 'download') process.stderr.write(`downloading ${modelId}: ${info.file}\n`);
      },
      stop: () => undefined,
    };
  }
  const { SingleBar } = await import('cli-progress');
  const bar = new SingleBar({ format: `downloading ${modelId} {bar} {percentage}% · {loadedMb}/{totalMb} MB`, hideCursor: true, stream: process.stderr });
  let started = false;
  return {
    callback: (info) => {
      if (info.status !== 'progress_total') return;
      const payload = { loadedMb: (info.loaded / 1e6).toFixed(1), totalMb: (info.total / 1e6).toFixed(1) };
      if (!started) {
        bar.start(100, 0, payload);
        started = true;
      }
      bar.update(Math.round(info.progress), payload);
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}
