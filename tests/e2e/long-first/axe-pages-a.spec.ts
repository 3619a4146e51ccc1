import { describe, expect, inject, it } from 'vitest';
import { newContext, useBrowser } from '../../support/browser.ts';
import { AXE_DESKTOP, axeKinds, axeOpenParts, axePages, load, violations, violationsAfterToggle, withAxe } from '../axe.ts';

/** axe on one half of the page kinds at both widths, on the header menus and admin forms at 1440 px, and at the smallest phones (tests/e2e/axe.ts says what is checked and why). */
const base = inject('baseUrl');
const browser = useBrowser();
axePages(axeKinds(0), browser);
axeOpenParts('1440', AXE_DESKTOP, browser);

describe('the axe helpers can fail', () => {
  it('a page with a known violation is reported, and a page that does not answer 200 fails to load', async () => {
    const context = await withAxe(await newContext(browser(), base, { viewport: AXE_DESKTOP }));
    const page = await context.newPage();
    // A tiny page served in place of a path of the site, through the same helpers: an image without a text alternative.
    await page.route('**/axe-known-violation', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><head><title>Known violation</title></head><body><main><h1>Known</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="40" height="40"><p style="color:#777;background:#888">Faint text</p><theme-toggle><button></button></theme-toggle></main><script>customElements.define("theme-toggle", class extends HTMLElement {})</script></body></html>',
      }),
    );
    await load(page, '/axe-known-violation');
    expect((await violations(page)).join('\n')).toMatch(/^image-alt \(critical\): img/m);
    // After a theme switch: the colour rules on the page, every rule on the toggle.
    const afterToggle = (await violationsAfterToggle(page)).join('\n');
    expect(afterToggle).toMatch(/^color-contrast \(serious\): p/m);
    expect(afterToggle).toMatch(/^button-name \(critical\): button/m);
    expect(afterToggle).not.toMatch(/image-alt/);
    await expect(load(page, '/no-such-page-for-axe')).rejects.toThrow(/\/no-such-page-for-axe/);
    await context.close();
  });
});

describe('axe at the smallest phones', () => {
  it('the tables, /treasuries and /login at 360 px, WCAG 2.2 AA and best practices', { timeout: 120_000 }, async () => {
    const found: string[] = [];
    for (const width of [360]) {
      const context = await withAxe(await newContext(browser(), base, { viewport: { width, height: 800 } }));
      const page = await context.newPage();
      for (const path of ['/treasuries', '/login', '/networks/ethereum', '/docs/api']) {
        await load(page, path);
        const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
        found.push(...(await violations(page, tags)).map((v) => `${width} ${path}: ${v}`));
      }
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
