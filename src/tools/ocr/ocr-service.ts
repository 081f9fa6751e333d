import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import { QuorumError } from '../../spec/errors.js';
import { OCR_ENGINE, OCR_MIN_CONFIDENCE, type OcrLine, type OcrReading } from './ocr-line.js';
import { OCR_WORKER_SOURCE } from './ocr-worker-source.js';

/** Options of the OCR service. */
export interface OcrServiceOptions {
  /** Lines below this confidence are dropped (default 0.5). */
  minConfidence?: number;
  /** Milliseconds one image may take, loading the engine included (default 120 s: a cold start is ~5–10 s here, a full page up to ~30 s). */
  timeoutMs?: number;
}

/** OCR failed or timed out. */
export class OcrError extends QuorumError {
  constructor(message: string, cause?: unknown) {
    super('OCR', message, { hint: 'check that @gutenye/ocr-node and onnxruntime-node are installed (ONNXRUNTIME_NODE_INSTALL=skip) and that the image is a readable PNG or JPEG', cause });
  }
}

interface Pending {
  resolve(reading: { lines: OcrLine[]; loadMs: number; detectMs: number }): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Reads text from images with PaddleOCR models (@gutenye/ocr-node) in one
 * worker thread, started on the first request and kept warm (loading the
 * engine takes seconds). The worker is unref'ed while idle so it never keeps
 * a finished process alive, and ref'ed while a request is in flight so an
 * awaited reading is not cut short by the process exiting.
 */
export class OcrService {
  readonly #minConfidence: number;
  readonly #timeoutMs: number;
  #worker: Worker | undefined;
  #nextId = 0;
  readonly #pending = new Map<number, Pending>();

  constructor(options: OcrServiceOptions = {}) {
    this.#minConfidence = options.minConfidence ?? OCR_MIN_CONFIDENCE;
    this.#timeoutMs = options.timeoutMs ?? 120_000;
  }

  /** Reads one image (a file path, or PNG/JPEG bytes). */
  async read(image: string | Uint8Array): Promise<OcrReading> {
    const raw = await this.#request(image);
    return {
      lines: raw.lines.filter((line) => line.confidence >= this.#minConfidence && line.text.trim() !== ''),
      dropped: raw.lines.filter((line) => line.confidence < this.#minConfidence || line.text.trim() === ''),
      engine: OCR_ENGINE,
      timings: { loadMs: Math.round(raw.loadMs), detectMs: Math.round(raw.detectMs) },
    };
  }

  /** Stops the worker; pending reads fail. Safe to call twice. */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#failAll(new OcrError('the OCR service was closed'));
    if (worker !== undefined) await worker.terminate();
  }

  #request(image: string | Uint8Array): Promise<{ lines: OcrLine[]; loadMs: number; detectMs: number }> {
    const worker = this.#ensureWorker();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        this.#idle();
        reject(new OcrError(`OCR took longer than ${this.#timeoutMs} ms`));
      }, this.#timeoutMs);
      this.#pending.set(id, { resolve, reject, timer });
      worker.ref();
      worker.postMessage({ id, image });
    });
  }

  #ensureWorker(): Worker {
    if (this.#worker !== undefined) return this.#worker;
    let module: string;
    try {
      module = import.meta.resolve('@gutenye/ocr-node');
    } catch (error) {
      throw new OcrError('@gutenye/ocr-node is not installed', error);
    }
    const worker = new (workerThreads().Worker)(OCR_WORKER_SOURCE, { eval: true, workerData: { module } });
    worker.on('message', (message: { id: number; lines?: OcrLine[]; loadMs?: number; detectMs?: number; error?: string }) => {
      const pending = this.#pending.get(message.id);
      if (pending === undefined) return;
      this.#pending.delete(message.id);
      clearTimeout(pending.timer);
      this.#idle();
      if (message.error !== undefined) pending.reject(new OcrError(`OCR failed: ${message.error}`));
      else pending.resolve({ lines: message.lines ?? [], loadMs: message.loadMs ?? 0, detectMs: message.detectMs ?? 0 });
    });
    worker.on('error', (error) => {
      this.#worker = undefined;
      this.#failAll(new OcrError(`the OCR worker stopped: ${error.message}`, error));
    });
    worker.on('exit', () => {
      if (this.#worker === worker) this.#worker = undefined;
      this.#failAll(new OcrError('the OCR worker exited'));
    });
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #idle(): void {
    if (this.#pending.size === 0) this.#worker?.unref();
  }

  #failAll(error: Error): void {
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
      this.#pending.delete(id);
    }
  }
}

let shared: OcrService | undefined;

/** The process-wide OCR service (one warm engine for every unit of a run). */
export function sharedOcrService(): OcrService {
  shared ??= new OcrService();
  return shared;
}

let workerThreadsModule: typeof import('node:worker_threads') | undefined;

/** node:worker_threads, loaded when the first image is read: the protocols that import this service load it with every run. */
function workerThreads(): typeof import('node:worker_threads') {
  workerThreadsModule ??= createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
  return workerThreadsModule;
}
