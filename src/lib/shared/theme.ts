/**
 * The light theme, on a visitor's request. Dark is the default (the spec's). The choice lives in the
 * visitor's own browser (localStorage), never in a cookie or the server's answer: every page, cached
 * or not, is the same for everyone, and a script applies the choice in the browser.
 */

export type Theme = 'dark' | 'light';

/** The localStorage key of the visitor's choice. */
export const THEME_STORAGE_KEY = 'theme';

/** The attribute on <html> that switches the palette's CSS variables (tailwind.config.mjs). */
export const THEME_ATTRIBUTE = 'data-theme';

/** A stored value read as a theme: only 'light' leaves the default; anything else is dark. */
export function storedTheme(value: string | null | undefined): Theme {
  return value === 'light' ? 'light' : 'dark';
}

/**
 * Runs in <head> before the first paint, so a light page never flashes dark. Inline, and allowed by
 * the CSP through its hash, which astro.config.mjs computes from this very text (a change here changes
 * the hash). Storage that throws (disabled, sandboxed) leaves the default.
 */
export const THEME_BOOT_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})==='light')document.documentElement.setAttribute(${JSON.stringify(THEME_ATTRIBUTE)},'light')}catch(e){}`;
