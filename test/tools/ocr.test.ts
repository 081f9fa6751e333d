import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { OcrService } from '../../src/tools/ocr/ocr-service.js';
import { renderTextImage } from '../../src/tools/ocr/text-image.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-ocr-'));
const service = new OcrService();
after(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('OCR in a worker thread (PaddleOCR models from npm)', () => {
  it('reads the lines of an image the test renders itself, and leaves the main process handlers alone', { timeout: 180_000 }, async (t) => {
    const lines = ['Revenue 2019: 5,829 million', 'Net income: 1,200', 'Stores opened: 12'];
    const png = await renderTextImage(lines, { width: 640, fontSize: 30 });
    if (png === undefined) return t.skip('no font to render text with');
    const handlers = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];

    const cold = await service.read(png);
    const file = join(dir, 'table.png');
    writeFileSync(file, png);
    const warm = await service.read(file);
    t.diagnostic(`OCR timings: engine load ${cold.timings.loadMs} ms, first image ${cold.timings.detectMs} ms, warm image ${warm.timings.detectMs} ms`);

    assert.deepEqual([process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')], handlers, 'opencv.js handlers stay inside the worker');
    for (const reading of [cold, warm]) {
      const texts = reading.lines.map((line) => line.text.replace(/\s+/g, ''));
      assert.equal(texts.length, 3, JSON.stringify(reading.lines));
      assert.match(texts[0]!, /Revenue2019:5,829million/);
      assert.match(texts[1]!, /Netincome:1,200/);
      assert.match(texts[2]!, /Storesopened:12/);
      assert.ok(reading.lines.every((line) => line.confidence >= 0.5 && line.confidence <= 1));
      assert.ok(reading.lines.every((line) => line.box?.length === 4));
      assert.match(reading.engine, /PaddleOCR/);
    }
    assert.ok(cold.timings.loadMs > 0);
    assert.equal(warm.timings.loadMs, 0);
  });

  it('drops lines under the confidence threshold', { timeout: 180_000 }, async (t) => {
    const png = await renderTextImage(['Clear text here'], { width: 400 });
    if (png === undefined) return t.skip('no font to render text with');
    const strict = new OcrService({ minConfidence: 1.01 });
    try {
      const reading = await strict.read(png);
      assert.equal(reading.lines.length, 0);
      assert.equal(reading.dropped.length, 1);
    } finally {
      await strict.close();
    }
  });

  it('fails a missing image with an OcrError instead of crashing', { timeout: 180_000 }, async () => {
    await assert.rejects(service.read(join(dir, 'missing.png')), (error: unknown) => (error as { code?: string }).code === 'OCR');
  });
});
