/**
 * Writes the image of the MultiModalQA fixture (fixtures/multimodalqa):
 * a film poster whose text the VisualAgent reads with OCR. Run from the
 * repository root: `node --import tsx scripts/make-mmqa-images.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderTextImage } from '../src/tools/ocr/text-image.js';

const FOLDER = join('fixtures', 'multimodalqa', 'final_dataset_images');

const POSTER = ['THE QUIET HARBOR', 'A film by Lena Okafor', 'Box office: $4.2 million', 'Winner, Riverside 2021'];

const png = await renderTextImage(POSTER, { width: 520, fontSize: 30 });
if (png === undefined) throw new Error('no text was drawn: install a font (e.g. fonts-dejavu-core) and run again');
await mkdir(FOLDER, { recursive: true });
await writeFile(join(FOLDER, 'quiet-harbor-poster.png'), png);
process.stdout.write(`wrote ${join(FOLDER, 'quiet-harbor-poster.png')} (${png.length} bytes)\n`);
