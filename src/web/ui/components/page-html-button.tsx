import { useState } from 'react';
import { download, fileName } from '../lib/figure-export.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Saves the page as shown as one self-contained HTML file: the `<main>`
 * element's markup (model text in it is already escaped by React) with the
 * stylesheet inlined, and a Content Security Policy that allows no script
 * at all, so the file is safe to open and share.
 */
export async function pageHtml(title: string): Promise<string> {
  const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  const css = (await Promise.all(sheets.map(async (sheet) => (await fetch(sheet.href)).text()))).join('\n');
  const main = document.querySelector('main')?.cloneNode(true) as HTMLElement | undefined;
  main?.querySelectorAll('script, .page-tools').forEach((element) => element.remove());
  const theme = document.documentElement.dataset['theme'] ?? 'light';
  return [
    '<!doctype html>',
    `<html lang="en" data-theme="${escapeHtml(theme)}"><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${css.replace(/<\/style/gi, '<\\/style')}</style></head>`,
    `<body>${main?.outerHTML ?? ''}</body></html>`,
  ].join('\n');
}

/** A button that downloads the current page as a self-contained HTML file. */
export function PageHtmlButton({ name, title }: { name: string; title: string }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="page-tools">
      <button
        type="button"
        onClick={() =>
          pageHtml(title).then(
            (html) => download(`${fileName(name)}.html`, html, 'text/html;charset=utf-8'),
            (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
          )
        }
      >
        Download this question as HTML
      </button>
      {error !== null && <span className="note">{error}</span>}
    </span>
  );
}
