import { useState } from 'react';
import { applyTheme, type Theme } from '../lib/theme.js';

/** Switches between the light and dark theme and remembers the choice. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(() => (document.documentElement.dataset['theme'] === 'dark' ? 'dark' : 'light'));
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-pressed={theme === 'dark'}
      onClick={() => {
        applyTheme(next, true);
        setTheme(next);
      }}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☾' : '☀'}</span> dark mode
    </button>
  );
}
