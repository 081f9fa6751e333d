/**
 * The OCR worker thread's code, as a string run with `new Worker(…, { eval:
 * true })`. It is JavaScript in a string rather than a module file because a
 * worker started from a `.ts` file does not get tsx's loader (Node 20), so a
 * file-based worker would work from `dist/` only; an eval'd worker runs the
 * same from source and from the build. Kept minimal for that reason.
 *
 * Why a worker at all: @gutenye/ocr-node loads opencv.js, which installs
 * process-wide `uncaughtException` / `unhandledRejection` handlers; inside a
 * worker they only see the worker's own errors.
 *
 * `workerData.module` is the resolved URL of @gutenye/ocr-node. Messages in:
 * `{id, image}` (a path or PNG/JPEG bytes); out: `{id, lines: [{text,
 * confidence, box}], loadMs, detectMs}` or `{id, error}`.
 */
export const OCR_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let engine;
async function loadEngine() {
  const started = performance.now();
  const module = await import(workerData.module);
  const ocr = await module.default.create();
  return { ocr, loadMs: performance.now() - started };
}
parentPort.on('message', async (request) => {
  const first = engine === undefined;
  if (first) engine = loadEngine();
  try {
    const { ocr, loadMs } = await engine;
    const started = performance.now();
    const image = typeof request.image === 'string' ? request.image : Buffer.from(request.image);
    const lines = await ocr.detect(image);
    parentPort.postMessage({
      id: request.id,
      lines: lines.map((line) => ({ text: line.text, confidence: line.mean, ...(line.box === undefined ? {} : { box: line.box }) })),
      loadMs: first ? loadMs : 0,
      detectMs: performance.now() - started,
    });
  } catch (error) {
    if (first) engine = undefined;
    parentPort.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;
