/**
 * <theme-toggle>: the light theme switch (a button with aria-pressed). The page arrives dark for
 * everyone; the inline script in <head> (THEME_BOOT_SCRIPT) has already applied a stored choice
 * before the first paint, so this only reads the state from <html>, shows it, and on a press flips
 * it and stores it in the visitor's browser. Every toggle on the page (header, phone menu) and in
 * other tabs follows the change.
 */
import { THEME_ATTRIBUTE, THEME_STORAGE_KEY, storedTheme, type Theme } from '#lib/shared/theme.ts';
import { define } from './define.ts';

const CHANGE = 'theme-change';
const current = (): Theme => storedTheme(document.documentElement.getAttribute(THEME_ATTRIBUTE));

function apply(theme: Theme) {
  const root = document.documentElement;
  if (theme === 'light') root.setAttribute(THEME_ATTRIBUTE, 'light');
  else root.removeAttribute(THEME_ATTRIBUTE);
  // The browser's own bars follow the page (its background, from the palette's CSS variable).
  const bg = getComputedStyle(root).getPropertyValue('--color-bg').trim();
  if (bg) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', bg);
  document.dispatchEvent(new CustomEvent(CHANGE));
}

class ThemeToggle extends HTMLElement {
  #sync = () => this.querySelector('button')?.setAttribute('aria-pressed', String(current() === 'light'));

  connectedCallback() {
    this.#sync();
    this.querySelector('button')?.addEventListener('click', () => {
      const next: Theme = current() === 'light' ? 'dark' : 'light';
      try {
        localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch {
        // Storage refused (private mode, a sandbox): the choice holds for this page only.
      }
      apply(next);
    });
    document.addEventListener(CHANGE, this.#sync);
  }

  disconnectedCallback() {
    document.removeEventListener(CHANGE, this.#sync);
  }
}

// A choice made in another tab applies here too.
window.addEventListener('storage', (e) => {
  if (e.key === THEME_STORAGE_KEY) apply(storedTheme(e.newValue));
});
if (current() === 'light') apply('light');

define('theme-toggle', ThemeToggle);
