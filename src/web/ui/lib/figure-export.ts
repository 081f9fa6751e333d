/**
 * Downloads of what the viewer shows: a chart as a standalone SVG or a PNG
 * of it, and any text (CSV, HTML) as a file. Charts draw with CSS
 * variables (so dark mode restyles them); a standalone file has no
 * stylesheet, so the computed paint of every element is written into the
 * copy as attributes.
 */

/** Presentation properties copied from the page's computed style into an exported SVG. */
const PAINT = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'opacity', 'fill-opacity', 'font-size', 'font-family', 'font-weight', 'text-anchor', 'dominant-baseline'] as const;

/** The chart as standalone SVG text, painted as it looks now. */
export function standaloneSvg(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  originals.forEach((element, index) => {
    const style = getComputedStyle(element);
    const target = copies[index]!;
    for (const property of PAINT) {
      const value = style.getPropertyValue(property);
      if (value !== '') target.setAttribute(property, value);
    }
    target.removeAttribute('class');
    target.removeAttribute('tabindex');
  });
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const box = svg.viewBox.baseVal;
  if (box !== null && box.width > 0) {
    copy.setAttribute('width', String(box.width));
    copy.setAttribute('height', String(box.height));
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

/** Saves text or a blob under `name` through a temporary link. */
export function download(name: string, content: Blob | string, type = 'text/plain;charset=utf-8'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Renders the chart to a PNG at `scale` × its size (an SVG data URL drawn on a canvas). */
export async function svgToPng(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  const text = standaloneSvg(svg);
  const box = svg.viewBox.baseVal;
  const width = box !== null && box.width > 0 ? box.width : svg.clientWidth;
  const height = box !== null && box.height > 0 ? box.height : svg.clientHeight;
  const image = new Image();
  image.width = width;
  image.height = height;
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('the chart could not be drawn as an image'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  });
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('this browser has no 2D canvas');
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob === null ? reject(new Error('PNG encoding failed')) : resolve(blob)), 'image/png'));
}

/** A file name from parts: letters, digits, dots and dashes only. */
export function fileName(...parts: string[]): string {
  return parts.map((part) => part.replace(/[^\w.-]+/g, '_')).join('-');
}
