import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, useBrowser } from '../support/browser.ts';
import { csvColumn } from '../support/http.ts';
import { PAGE_KINDS } from './page-kinds.ts';

/**
 * Issue 27.2 and 27.5 beyond /assets (open-data.spec.ts): the networks table and a network page's
 * asset list sort and filter in the URL without JavaScript, their downloads follow; on a phone a
 * table's key column stays in view as it scrolls, the scroll is shown, and nothing is clipped at 360 px.
 */
const base = inject('baseUrl');
const browser = useBrowser();
const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });

describe('sorting and filtering beyond /assets', () => {
  it('the networks table sorts by a header link; # keeps the rank; the CSV follows', async () => {
    const { page, errors, close } = await openPage(browser(), base, '/networks', { javaScript: false });
    const names = () => page.locator('[data-testid="network-row"] td:nth-child(2) a').allInnerTexts();
    const before = await names();
    await page
      .getByTestId('networks-table')
      .locator('th a', { hasText: /^Name$/ })
      .click();
    await page.waitForURL(/\/networks\?sort=name&dir=asc#network-table$/);
    const sorted = (await names()).map((n) => n.trim());
    expect(sorted).toEqual([...sorted].sort(byText));
    expect(sorted).not.toEqual(before.map((n) => n.trim()));
    // The rank is the network's by value, whatever the order shown.
    const ranks = await page.locator('[data-testid="network-row"] td:first-child').allInnerTexts();
    expect(ranks).toEqual(sorted.map((n) => String(before.map((b) => b.trim()).indexOf(n) + 1)));
    expect(await page.getByTestId('networks-table').locator('th[aria-sort]').getAttribute('aria-sort')).toBe('ascending');
    const csv = await page.locator('#network-table [data-testid="downloads"] a', { hasText: 'CSV' }).getAttribute('href');
    expect(csv).toBe('/networks?sort=name&dir=asc&format=csv');
    expect(await csvColumn(base, csv!, 'name')).toEqual(sorted);
    expect(errors).toEqual([]);
    await close();
  });

  it('the networks table filters by class with the sort kept; the rows and the CSV follow', async () => {
    const { page, errors, close } = await openPage(browser(), base, '/networks?sort=name&dir=asc', { javaScript: false });
    const names = async () => (await page.locator('[data-testid="network-row"] td:nth-child(2) a').allInnerTexts()).map((n) => n.trim());
    const before = await names();
    const filter = page.locator('#network-table').getByTestId('filter-class');
    const cls = await filter.locator('option').nth(1).getAttribute('value');
    await filter.selectOption(cls!);
    await page.locator('#network-table').getByRole('button', { name: 'Filter' }).click();
    // A plain GET form sends the unchosen filters empty; the page reads them as every row.
    await page.waitForURL(new RegExp(`/networks\\?sort=name&dir=asc&chain=&class=${cls}&issuer=#network-table$`));
    const filtered = await names();
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(before.length);
    expect(filtered).toEqual([...filtered].sort(byText));
    const csv = await page.locator('#network-table [data-testid="downloads"] a', { hasText: 'CSV' }).getAttribute('href');
    expect(csv).toBe(`/networks?sort=name&dir=asc&class=${cls}&format=csv`);
    expect(await csvColumn(base, csv!, 'name')).toEqual(filtered);
    expect(errors).toEqual([]);
    await close();
  });

  it("a network page's asset list sorts and filters by class, keeps the history range, and its CSV follows", async () => {
    const { page, errors, close } = await openPage(browser(), base, '/networks/ethereum?range=30d', { javaScript: false });
    const rows = () => page.locator('[data-testid="network-asset-row"] td:first-child a').allInnerTexts();
    const before = await rows();
    expect(before.length).toBeGreaterThan(2);
    await page
      .getByTestId('network-assets-table')
      .locator('th a', { hasText: /^Asset$/ })
      .click();
    await page.waitForURL(/range=30d&sort=name&dir=asc#network-assets$/);
    const sorted = await rows();
    expect(sorted).toEqual([...before].sort(byText));

    const filter = page.locator('#network-assets').getByTestId('filter-class');
    const cls = await filter.locator('option').nth(1).getAttribute('value');
    await filter.selectOption(cls!);
    await page.locator('#network-assets').getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(new RegExp(`range=30d&sort=name&dir=asc&class=${cls}`));
    const filtered = await rows();
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(before.length);
    expect(filtered).toEqual([...filtered].sort(byText));

    const csv = await page.locator('#network-assets [data-testid="downloads"] a', { hasText: 'CSV' }).getAttribute('href');
    expect(csv).toBe(`/networks/ethereum?sort=name&dir=asc&class=${cls}&format=csv`);
    expect(await csvColumn(base, csv!, 'name')).toEqual(filtered);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the class tables sort and filter in the URL', () => {
  it('/treasuries: a header link sorts the products, the form filters by chain, the Load More rows follow', async () => {
    const { page, errors, close } = await openPage(browser(), base, '/treasuries', { javaScript: false });
    const tickers = () => page.locator('#products-rows tr td:nth-child(2)').allInnerTexts();
    await page.locator('#products-table th a', { hasText: /^Ticker$/ }).click();
    await page.waitForURL(/\/treasuries\?sort=ticker&dir=asc#products-table$/);
    const sorted = await tickers();
    expect(sorted.length).toBeGreaterThan(10);
    expect(sorted).toEqual([...sorted].sort(byText));
    await page.locator('#products-table').getByTestId('filter-chain').selectOption('solana');
    await page.locator('#products-table').getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/sort=ticker&dir=asc&chain=solana/);
    const filtered = await tickers();
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(sorted.length);
    expect(filtered).toEqual([...filtered].sort(byText));
    for (const chips of await page.locator('#products-rows tr td:nth-child(4)').allInnerTexts()) expect(chips).toMatch(/Solana/);
    expect(errors).toEqual([]);
    await close();
  });
});

/** Elements whose own text is cut off: they hide their overflow and hold more than they show. */
const clipped = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el.closest('.table-scroll, [role="region"], svg, canvas, [hidden], .sr-only')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const hides = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (hides && el.scrollWidth > el.clientWidth + 1 && el.textContent?.trim())
        out.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}: ${el.textContent.trim().slice(0, 40)}`);
    }
    return out;
  });

describe('phones', () => {
  it('at 360 px no page overflows sideways and no text is clipped', { timeout: 120_000 }, async () => {
    const { page, errors, close } = await openPage(browser(), base, '/', { viewport: { width: 360, height: 740 } });
    const found: string[] = [];
    for (const kind of PAGE_KINDS.filter((k) => !k.signedIn)) {
      await page.goto(kind.path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) found.push(`${kind.path}: the page is ${overflow}px wider than the screen`);
      found.push(...(await clipped(page)).map((c) => `${kind.path}: ${c}`));
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('a wide table keeps its key column in view as it scrolls, and shows that it scrolls', async () => {
    const { page, close } = await openPage(browser(), base, '/networks', { viewport: { width: 390, height: 800 } });
    const region = page.getByRole('region', { name: 'Networks table' });
    await region.scrollIntoViewIfNeeded();
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // The shadow at the edge with more table: the region's scroll-attached backgrounds.
    expect(await region.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/radial-gradient.*radial-gradient/);
    const name = page.locator('[data-testid="network-row"]').first().locator('td').nth(1);
    const box = async () => (await name.boundingBox())!;
    const regionBox = (await region.boundingBox())!;
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await page.waitForFunction(() => {
      const el = document.querySelector('[aria-label="Networks table"]')!;
      return el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    });
    const after = await box();
    expect(after.x).toBeGreaterThanOrEqual(regionBox.x - 1);
    expect(after.x + after.width).toBeLessThanOrEqual(regionBox.x + regionBox.width);
    // The last column (30d change) is now in view beside it.
    const change = (await page.locator('[data-testid="network-row"]').first().locator('td').last().boundingBox())!;
    expect(change.x + change.width).toBeLessThanOrEqual(regionBox.x + regionBox.width + 1);
    await close();
  });
});
