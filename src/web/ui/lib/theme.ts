/** Light or dark, chosen by the user (saved) or by the system's prefers-color-scheme. */
export type Theme = 'light' | 'dark';

const KEY = 'quorum-viewer-theme';

/** The saved choice, else what the system prefers. */
export function initialTheme(): Theme {
  const saved = window.localStorage.getItem(KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Applies a theme to the page (the stylesheet keys on `data-theme`); `save` remembers an explicit choice. */
export function applyTheme(theme: Theme, save = false): void {
  document.documentElement.dataset['theme'] = theme;
  if (save) window.localStorage.setItem(KEY, theme);
}
