import { describe, expect, inject, it } from 'vitest';
import { newContext, useBrowser } from '../../support/browser.ts';
import { THEME_STORAGE_KEY } from '#lib/shared/theme.ts';
import { AXE_DESKTOP, axeAt, load, violations } from '../axe.ts';

/** axe at 1440x900 (tests/e2e/axe.ts says what is checked and why the widths are two files). */
const browser = useBrowser();
axeAt('1440', AXE_DESKTOP, browser);

/**
 * The light theme, chosen as a visitor does (stored in the browser, applied by the page's own head
 * script): one page of each look (the pages whose parts differ), at the desktop size only (a theme changes colours, the same
 * at every width), so the second pass stays short.
 */
axeAt('1440', AXE_DESKTOP, browser, {
  label: 'light',
  setup: async (context) => {
    await context.addInitScript((key) => {
      try {
        localStorage.setItem(key, 'light');
      } catch {
        // about:blank has no storage; the site's pages do.
      }
    }, THEME_STORAGE_KEY);
  },
  verify: async (page, path) => expect(await page.getAttribute('html', 'data-theme'), `${path} is light`).toBe('light'),
  kinds: [
    'home',
    'networks',
    'stablecoins',
    'private-credit',
    'sources',
    'research-article',
    'asset',
    'assets-sorted',
    'api-docs',
    'search',
    'login-error',
    'not-found',
    'alerts',
    'admin-settings',
  ],
});

describe('the axe helpers can fail', () => {
  it('a page with a known violation is reported, and a page that does not answer 200 fails to load', async () => {
    const base = inject('baseUrl');
    const context = await newContext(browser(), base, { viewport: AXE_DESKTOP });
    const page = await context.newPage();
    // A tiny page served in place of a path of the site, through the same helpers: an image without a text alternative.
    await page.route('**/axe-known-violation', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><head><title>Known violation</title></head><body><main><h1>Known</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="40" height="40"></main></body></html>',
      }),
    );
    await load(page, '/axe-known-violation');
    expect((await violations(page)).join('\n')).toMatch(/^image-alt \(critical\): img/m);
    await expect(load(page, '/no-such-page-for-axe')).rejects.toThrow(/\/no-such-page-for-axe/);
    await context.close();
  });
});
