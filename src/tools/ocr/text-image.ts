/** Options of rendering text to an image. */
export interface TextImageOptions {
  width?: number;
  /** Font size in pixels (default 28). */
  fontSize?: number;
  /** Line height as a multiple of the font size (default 1.8). */
  lineHeight?: number;
}

/**
 * Renders lines of black text on white to a PNG with sharp (SVG → PNG via
 * librsvg and the system's fonts). Used to write the MultiModalQA fixture
 * image and by OCR tests, so no binary test image has to be trusted.
 * Returns undefined when nothing was drawn (a system without fonts), so
 * callers can skip instead of reading a blank image.
 */
export async function renderTextImage(lines: readonly string[], options: TextImageOptions = {}): Promise<Buffer | undefined> {
  const { default: sharp } = await import('sharp');
  const fontSize = options.fontSize ?? 28;
  const step = Math.round(fontSize * (options.lineHeight ?? 1.8));
  const width = options.width ?? 640;
  const height = step * lines.length + fontSize;
  const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const texts = lines.map((line, index) => `<text x="24" y="${step * (index + 1)}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${fontSize}" fill="#000">${escape(line)}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${texts.join('')}</svg>`;
  const image = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });
  const { data } = await image.clone().greyscale().raw().toBuffer({ resolveWithObject: true });
  if (!data.some((value) => value < 128)) return undefined;
  return image.png({ compressionLevel: 9 }).toBuffer();
}
