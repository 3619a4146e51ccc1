import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, hydrated, openPage, screenshot, useBrowser } from '../support/browser.ts';
import { useSharedTab } from '../support/shared-tab.ts';

const base = inject('baseUrl');
const browser = useBrowser();
// A visitor's tab and a signed-in admin's, each moved from page to page; the touch screen is a context of its own.
const tab = useSharedTab(browser, base);
const admin = useSharedTab(browser, base, { signedIn: true });

/** What has focus: tag, text and whether it sits in the notifications region. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      label: el?.getAttribute('aria-label') ?? '',
      text: (el?.textContent ?? '').trim().slice(0, 60),
      inToasts: Boolean(el?.closest('[role="region"][aria-label^="Notifications"]')),
    };
  });

/** Presses Tab until `test` holds for the focused element (at most `max` times). */
async function tabUntil(page: Page, test: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (test(await focused(page))) return true;
  }
  return false;
}

/**
 * At 640 px every column shows (below it a phone keeps name, value and change and the table fits),
 * so the wide tables scroll sideways there: that is where their scroll region must take the keyboard.
 */
const NARROW = { width: 640, height: 900 };

describe('keyboard: wide tables on a narrow screen', () => {
  for (const [path, label] of [
    ['/stablecoins', 'Stablecoins table'],
    ['/treasuries', 'Treasury Products table'],
    ['/networks', 'Networks table'],
    ['/private-credit', 'Pools table'],
    ['/sources', 'Tracked assets table'],
  ] as const) {
    it(`${path}: "${label}" scrolls sideways and takes keyboard focus${path === '/stablecoins' ? ', reached with Tab' : ''}`, async () => {
      const { page } = await tab.visit(path, { viewport: NARROW });
      const region = page.getByRole('region', { name: label, exact: true });
      await region.waitFor();
      // On the first of these loads, before any focus is set: the region is reached with Tab, not only by script.
      if (path === '/stablecoins') expect(await tabUntil(page, (f) => f.label === label), 'reached with Tab').toBe(true);
      expect(await region.getAttribute('tabindex')).toBe('0');
      // It does scroll at this width: that is why it must be reachable.
      expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await region.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    });
  }
});

describe('keyboard: focus goes somewhere sensible', () => {
  it('when Load More removes itself, focus lands on the first row it revealed', async () => {
    const { page } = await tab.visit('/stablecoins');
    const more = page.getByRole('button', { name: 'Load More Stablecoins' });
    await more.focus();
    const total = await page.locator('#stablecoins-rows tr').count();
    for (let i = 0; i < 10 && (await more.count()) > 0; i++) await page.keyboard.press('Enter');
    expect(await more.count()).toBe(0);
    const f = await page.evaluate(() => {
      const el = document.activeElement!;
      return { tag: el.tagName.toLowerCase(), index: [...(el.parentElement?.children ?? [])].indexOf(el), body: el.parentElement?.id };
    });
    expect(f.tag).toBe('tr');
    expect(f.body).toBe('stablecoins-rows');
    // The last page began after the first twenty rows.
    expect(f.index).toBe(20);
    expect(total).toBeGreaterThan(20);
  });

  it('Space on Load More reveals rows too (it says it is a button)', async () => {
    const { page } = await tab.visit('/treasuries');
    const before = await page.locator('#products-rows tr:visible').count();
    await page.getByRole('button', { name: 'Load More Treasury Products' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('#products-rows tr:visible').count()).toBeGreaterThan(before);
  });

  it('opening an editor focuses its title; going back focuses the list heading', async () => {
    const { page } = await admin.visit('/admin');
    await hydrated(page, { client: 'load' });
    await page.getByRole('tab', { name: 'Blog Posts' }).waitFor();
    await page.getByRole('button', { name: 'Create Blog Post' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Create Blog Post' });
    await page.getByRole('button', { name: 'Back to Admin' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Admin Panel' });
  });

  it('a toast closed from the keyboard gives focus back, and leaves no tab stop behind', async () => {
    // The admin list the test before came back to (its islands hydrated): a load of its own would add nothing.
    const page = admin.page;
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.getByRole('button', { name: 'Create Blog Post' }).waitFor();
    // A real toast: open the editor and pick a file that is not an image ('Invalid File'; a save left
    // empty shows its errors inline, not as a toast).
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    await page.getByLabel('Upload image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByTestId('toast').waitFor();
    const origin = page.getByRole('button', { name: 'Back to Admin' });
    await origin.focus();
    await page.keyboard.press('F8');
    expect((await focused(page)).inToasts).toBe(true);
    expect(await tabUntil(page, (f) => f.inToasts && f.tag === 'button', 4)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('toast').count()).toBe(0);
    await expect.poll(() => focused(page)).toMatchObject({ inToasts: false, tag: 'button', text: 'Back to Admin' });
    // Nothing in the emptied notifications region can be tabbed to.
    const stops = () =>
      page.evaluate(
        () =>
          [
            ...document.querySelectorAll('[role="region"][aria-label^="Notifications"], [role="region"][aria-label^="Notifications"] *'),
          ].filter((el) => (el as HTMLElement).tabIndex >= 0).length,
      );
    await expect.poll(stops).toBe(0);
    await screenshot(page, 'toast-closed-focus-back');
  });

  it("opening a post's SEO form focuses its first field", async () => {
    const { page } = await admin.visit('/admin/seo');
    await hydrated(page, { client: 'load' });
    const edit = page.getByRole('button', { name: /^Edit SEO for / }).first();
    await edit.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? ''))
      .toMatch(/^Meta Title/);
  });
});

describe('keyboard: glossary words', () => {
  it("Tab reaches a word's first use, shows its definition, Escape hides it, Enter opens its entry", async () => {
    const { page, errors } = await tab.visit('/assets/buidl');
    await hydrated(page, { client: 'load' });
    // Each word is linked once: its first use (the holder-concentration card names HHI twice).
    const terms = await page.getByTestId('glossary-term').evaluateAll((as) => as.map((a) => a.getAttribute('data-term')));
    for (const t of ['market-cap', 'nav', 'supply', 'holders', 'top-10-share', 'hhi', 'gini']) expect(terms, t).toContain(t);
    expect(new Set(terms).size).toBe(terms.length);

    await page.locator('#asset-title').evaluate((el) => {
      (el as HTMLElement).tabIndex = -1;
      (el as HTMLElement).focus();
    });
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.getAttribute('data-term') === 'market-cap')) break;
    }
    const link = page.locator('[data-term="market-cap"]');
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    const tip = page.locator(`#${await link.getAttribute('aria-describedby')}`);
    expect(await tip.getAttribute('role')).toBe('tooltip');
    expect(await tip.textContent()).toContain('supply times the price');
    expect(await tip.isVisible()).toBe(true);
    await screenshot(page, 'glossary-tooltip-desktop');
    await page.keyboard.press('Escape');
    expect(await tip.isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/glossary#market-cap');
    expect(await page.locator('#market-cap dt').textContent()).toContain('Market cap');
    expect(errors).toEqual([]);
  });

  it('a tap on a phone opens the definition first; a second tap follows the link', async () => {
    const { page, close } = await openPage(browser(), base, '/assets/buidl', { viewport: PHONE, hasTouch: true });
    await hydrated(page, { client: 'load' });
    const link = page.locator('[data-term="supply"]');
    const tip = page.locator(`#${await link.getAttribute('aria-describedby')}`);
    await link.tap();
    expect(await tip.isVisible()).toBe(true);
    expect(page.url()).toContain('/assets/buidl');
    await screenshot(page, 'glossary-tooltip-phone');
    await link.tap();
    await page.waitForURL('**/glossary#supply');
    await close();
  });
});
