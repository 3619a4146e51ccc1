import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useBrowser } from '../support/browser.ts';
import { useSharedTab, type Visit } from '../support/shared-tab.ts';

const base = inject('baseUrl');
const browser = useBrowser();
// Every check here reads a page a visitor is shown: one tab, moved from page to page (and to a phone's width).
const tab = useSharedTab(browser, base);

/** Title, value and change text of every metric card, in order. */
async function cards(page: Page) {
  return page.$$eval('[data-testid="metric-card"]', (els) =>
    els.map((el) => ({
      title: el.querySelector('[data-testid="metric-title"]')?.textContent?.trim(),
      value: el.querySelector('[data-testid="metric-value"]')?.textContent?.trim(),
      change: [...(el.querySelector('[data-testid="metric-change"]')?.children ?? [])].map((c) => c.textContent?.trim()).join(' '),
    })),
  );
}

const visibleRows = (page: Page, tbody: string) => page.locator(`#${tbody} tr:visible`).count();
const headers = (page: Page, table: string) =>
  page.$$eval(`[data-testid="${table}"] thead th`, (ths) => ths.map((th) => th.textContent?.trim()));

describe('asset-class pages', () => {
  describe('/stablecoins, one load', () => {
    let stablecoins: Visit;
    beforeAll(async () => {
      stablecoins = await tab.visit('/stablecoins');
    });

    it('stablecoins: cards, columns, 62 Total, Load More, as-of and sources', async () => {
      const { page, errors, status } = stablecoins;
      expect(status).toBe(200);
      expect(await cards(page)).toEqual([
        { title: 'Market Cap', value: '$278.14B', change: '+6.56% from 30d ago' },
        { title: 'Monthly Transfer Volume', value: '$3.33T', change: '+0.70% from 30d ago' },
        { title: 'Monthly Active Addresses', value: '29.52M', change: '-25.58% from 30d ago' },
        { title: 'Holders', value: '191.15M', change: '+1.31% from 30d ago' },
      ]);
      expect(await page.locator('[data-testid="metric-change"] svg[aria-label="up"]').count()).toBe(3);
      expect(await page.locator('[data-testid="metric-change"] svg[aria-label="down"]').count()).toBe(1);
      expect(await headers(page, 'stablecoins-table')).toEqual([
        'Name',
        'Ticker',
        'Platform',
        'Networks',
        'Market Cap',
        'Price',
        'Pegged Currency',
      ]);
      expect(await page.locator('[data-testid="stablecoins-table"] [data-testid="table-total"]').textContent()).toBe('62 Total');
      expect(await page.locator('#stablecoins-rows tr').first().textContent()).toContain('USDT');
      await expect.poll(() => visibleRows(page, 'stablecoins-rows')).toBe(10);
      await page.getByRole('button', { name: 'Load More Stablecoins' }).click();
      await expect.poll(() => visibleRows(page, 'stablecoins-rows')).toBe(20);
      await page.getByRole('button', { name: 'Load More Stablecoins' }).click();
      await expect.poll(() => visibleRows(page, 'stablecoins-rows')).toBe(await page.locator('#stablecoins-rows tr').count());
      expect(await page.getByRole('button', { name: 'Load More Stablecoins' }).count()).toBe(0);
      expect(await page.getByTestId('data-as-of').textContent()).toMatch(/Data as of\s+September 12, 2025/);
      expect(await page.getByTestId('data-as-of').locator('a').getAttribute('href')).toBe('/sources');
      await screenshot(page, 'stablecoins-desktop');
      expect(errors).toEqual([]);
    });

    it('ship no JavaScript but the header islands', async () => {
      const { page, status } = stablecoins;
      expect(status).toBe(200);
      const islands = await page.$$eval('astro-island', (els) => els.map((el) => el.getAttribute('component-url')));
      expect(
        islands.every((url) => /layout\//i.test(url ?? '') || /(AuthMenu|MobileDrawer|AssetClassesMenu|Toaster)/.test(url ?? '')),
      ).toBe(true);
    });
  });

  it('treasuries: cards with 7d changes, Top Entities, 49 products, Load More', async () => {
    const { page, errors, status } = await tab.visit('/treasuries');
    expect(status).toBe(200);
    expect(await cards(page)).toEqual([
      { title: 'Total Value', value: '$7.41B', change: '-0.52% from 7d ago' },
      { title: 'Avg. Yield to Maturity', value: '4.12%', change: '' },
      { title: 'Total Assets', value: '49', change: '' },
      { title: 'Holders', value: '52,906', change: '+0.08% from 7d ago' },
    ]);
    expect(await headers(page, 'entities-table')).toEqual(['#', 'Protocol', 'RWA Count', 'Market Cap', '30D%', 'Market Share']);
    expect(await page.locator('[data-testid="entities-table"] tbody tr').count()).toBe(4);
    expect(await headers(page, 'products-table')).toEqual([
      'Product Name',
      'Ticker',
      'Platform',
      'Networks',
      'Market Cap',
      'Yield to Maturity',
      'Eligible Investors',
    ]);
    expect(await page.locator('[data-testid="products-table"] [data-testid="table-total"]').textContent()).toBe('49 Total');
    const first = page.locator('#products-rows tr').first();
    expect(await first.textContent()).toContain('BlackRock USD Institutional Digital Liquidity Fund');
    expect(await first.textContent()).toContain('U.S. Qualified Purchaser');
    expect((await first.locator('td').nth(5).textContent())?.trim()).toBe('-');
    await expect.poll(() => visibleRows(page, 'products-rows')).toBe(10);
    const all = await page.locator('#products-rows tr').count();
    expect(all).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Load More Treasury Products' }).click();
    await expect.poll(() => visibleRows(page, 'products-rows')).toBe(Math.min(20, all));
    await screenshot(page, 'treasuries-desktop');
    expect(errors).toEqual([]);
  });

  it('private credit: cards, platforms (9 Total), pools (60 Total) with Open badges, red defaults, Load More', async () => {
    const { page, errors, status } = await tab.visit('/private-credit');
    expect(status).toBe(200);
    expect(await cards(page)).toEqual([
      { title: 'Active Loans Value', value: '$16.05B', change: '' },
      { title: 'Total Loans Value', value: '$29.93B', change: '' },
      { title: 'Current Avg. APR', value: '9.74%', change: '' },
      { title: 'Total Loans', value: '2,597', change: '' },
    ]);
    expect(await headers(page, 'platforms-table')).toEqual([
      'Protocol',
      'Networks',
      'Total Loans',
      'Active Loans',
      'Avg. Base APY',
      'Defaulted Loans Amount',
    ]);
    expect(await page.locator('[data-testid="platforms-table"] [data-testid="table-total"]').textContent()).toBe('9 Total');
    expect(await page.locator('[data-testid="platforms-table"] tbody tr').count()).toBe(5);
    // Nonzero defaults are red, zero ones are not.
    const defaulted = page.locator('[data-testid="platforms-table"] td[data-defaulted]');
    expect(await defaulted.count()).toBeGreaterThan(0);
    const red = await defaulted.first().evaluate((el) => getComputedStyle(el).color);
    const zero = await page
      .locator('[data-testid="platforms-table"] tbody tr')
      .first()
      .locator('td')
      .last()
      .evaluate((el) => getComputedStyle(el).color);
    expect(red).not.toBe(zero);
    expect(red).toMatch(/rgb\(248, 113, 113\)|oklch|color\(/);
    expect(await headers(page, 'pools-table')).toEqual([
      'Platform',
      'Network',
      'Name',
      'Currency',
      'Status',
      'APY',
      'Principal Outstanding',
      'Defaulted Amount',
    ]);
    expect(await page.locator('[data-testid="pools-table"] [data-testid="table-total"]').textContent()).toBe('60 Total');
    await expect.poll(() => visibleRows(page, 'pools-rows')).toBe(4);
    expect(await page.locator('#pools-rows tr:visible [data-testid="status-badge"]').allTextContents()).toEqual([
      'Open',
      'Open',
      'Open',
      'Open',
    ]);
    await page.getByRole('button', { name: 'Load More Pools' }).click();
    await expect.poll(() => visibleRows(page, 'pools-rows')).toBe(8);
    await screenshot(page, 'private-credit-desktop');
    expect(errors).toEqual([]);
  });

  it('commodities: cards, four rows, platform cards', async () => {
    const { page, errors, status } = await tab.visit('/commodities');
    expect(status).toBe(200);
    expect(await cards(page)).toEqual([
      { title: 'Total Market Value', value: '$1.89B', change: '+2.34% from 30d ago' },
      { title: 'Commodity Products', value: '24', change: '' },
      { title: 'Gold Market Share', value: '78.2%', change: '' },
      { title: 'Active Platforms', value: '12', change: '' },
    ]);
    expect(await headers(page, 'commodities-table')).toEqual([
      '#',
      'Asset',
      'Type',
      'Platform',
      'Networks',
      'Market Cap',
      'Price',
      '24h Change',
    ]);
    const rows = page.locator('[data-testid="commodities-table"] tbody tr');
    expect(await rows.count()).toBe(4);
    expect(await rows.first().textContent()).toMatch(/Tether Gold\s*XAUt/);
    expect(await rows.first().textContent()).toContain('Precious Metals');
    const platformCards = page.getByTestId('platform-card');
    expect(await platformCards.count()).toBeGreaterThanOrEqual(3);
    expect(await platformCards.first().textContent()).toMatch(/Market Cap\s*\$\d/);
    expect(await platformCards.first().textContent()).toMatch(/Assets\s*\d/);
    await screenshot(page, 'commodities-desktop');
    expect(errors).toEqual([]);
  });

  it('the sources page states the as-of date and the methodology change', async () => {
    const { page, status } = await tab.visit('/sources');
    expect(status).toBe(200);
    const text = await page.locator('main').textContent();
    expect(text).toContain('12 September 2025');
    expect(text).toContain('Methodology change');
    await screenshot(page, 'sources-desktop');
  });
});

describe('coming soon pages', () => {
  for (const [path, title] of [
    ['/global-bonds', 'Global Bonds'],
    ['/institutional-funds', 'Institutional Funds'],
    ['/stocks', 'Stocks'],
  ]) {
    it(`${path} says Coming Soon with four planned features and no data`, async () => {
      const { page, errors, status } = await tab.visit(path);
      expect(status).toBe(200);
      expect(await page.locator('h1').textContent()).toBe(title);
      expect(await page.locator('main').textContent()).toContain('Coming Soon');
      expect(await page.locator('[data-testid="planned-features"] li').count()).toBe(4);
      expect(await page.locator('main table, main [data-testid="metric-card"]').count()).toBe(0);
      // Beside the spec's text, the products of this class already tracked, each to a page that answers.
      const tracked = page.getByTestId('tracked-products').locator('a');
      const hrefs = await tracked.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(hrefs.length).toBeGreaterThan(1);
      expect(hrefs.at(-1)).toMatch(/^\/assets\?class=[a-z-]+#assets-table$/);
      for (const href of hrefs) expect((await fetch(base + href)).status, href).toBe(200);
      expect(errors).toEqual([]);
    });
  }
});
