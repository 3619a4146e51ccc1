import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createClient } from '@libsql/client';
import type { Page } from 'playwright-core';
import { PHONE, screenshot, useBrowser, hydrated, watchErrors } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import { useSharedTab, type Visit } from '../support/shared-tab.ts';

const base = inject('baseUrl');
const browser = useBrowser();
// One tab for the file, moved from page to page (and to the other servers' pages): what a test holds back
// (a route) is dropped after it.
const tab = useSharedTab(browser, base);
afterEach(() => tab.page.unrouteAll({ behavior: 'ignoreErrors' }));

const rowTexts = (page: Page) => page.getByTestId('transfer-row').allInnerTexts();

describe('home page', () => {
  it('is server-rendered with its data in the first HTML and a cacheable header', async () => {
    const res = await fetch(base + '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    const html = await res.text();
    for (const text of [
      'Real-World Asset Analytics',
      'Total RWA Onchain',
      'Total Asset Holders',
      'Total Asset Issuers',
      'Total Stablecoin Value',
      'Total RWA Value',
      'Government Securities',
      'Top Transfers',
      'RWA League Table',
      'Latest News',
      '<time datetime="2025-09-12">September 12, 2025</time>',
      'Private Credit',
      '268.4B',
    ]) {
      expect(html.includes(text), text).toBe(true);
    }
    // The snapshot's age in words beside its date: the shared server has no run.
    expect(html).toMatch(/Data as of <span[^>]*><time datetime="2025-09-12">September 12, 2025<\/time>, [\d,]+ days old: snapshot</);
    // transfers and league rows are in the HTML before any script runs
    expect(html.match(/data-testid="transfer-row"/g)?.length).toBeGreaterThan(0);
    expect(html).toContain('data-testid="league-networks"');
  });

  describe('at 1280 px, one load for the checks of its cards, lists and islands (each works one island)', () => {
    let home: Visit;
    beforeAll(async () => {
      home = await tab.visit('/');
    });

    it('shows the four metric cards with the fixed change labels', async () => {
      const { page, errors } = home;
      const cards = page.getByTestId('metric-card');
      await expect.poll(() => cards.count()).toBe(4);
      const texts = await cards.allInnerTexts();
      expect(texts[0]).toContain('Total RWA Onchain');
      expect(texts[0]).toMatch(/\$\d+\.\d{2}B/);
      expect(texts[0]).toContain('+4.13%');
      expect(texts[1]).toContain('+10.71%');
      expect(texts[2]).toContain('Total Asset Issuers');
      expect(texts[2]).not.toContain('from 30d ago');
      expect(texts[3]).toContain('+4.78%');
      expect(texts[3]).toContain('from 30d ago');
      // Each total says what it counts; the coverage by class is one link away.
      expect(texts[0]).toContain('the whole market on 12 Sep 2025 (PANews), a dated public figure');
      expect(texts[3]).toContain('the whole market on 12 Sep 2025 (Public figures)');
      expect(await page.getByTestId('totals-coverage').getByRole('link', { name: 'Sources' }).getAttribute('href')).toBe(
        '/sources#coverage',
      );
      expect(await page.getByTestId('data-as-of').innerText()).toMatch(/Data as of September 12, 2025/);
      expect(await page.getByTestId('data-as-of').getByRole('link', { name: 'Sources' }).count()).toBe(1);
      await screenshot(page, 'home-desktop');
      expect(errors).toEqual([]);
    });

    it('lists at most three government securities and stablecoins', async () => {
      const { page } = home;
      const gov = page.getByTestId('government-securities-list').getByTestId('asset-row');
      const stable = page.getByTestId('stablecoins-list').getByTestId('asset-row');
      expect(await gov.count()).toBeGreaterThan(0);
      expect(await gov.count()).toBeLessThanOrEqual(3);
      expect(await stable.count()).toBeGreaterThan(0);
      expect(await stable.count()).toBeLessThanOrEqual(3);
      expect(await page.locator('#stablecoins').innerText()).toMatch(/USDT|USDC/);
    });

    it('switches league table tabs with mouse and keyboard', async () => {
      const { page } = home;
      await hydrated(page, { island: '[data-testid="league-networks"]' });
      const rows = page.getByTestId('league-networks').locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(0);
      expect(await rows.count()).toBeLessThanOrEqual(10);
      await page.getByRole('tab', { name: 'Issuers' }).click();
      await page.getByText('Issuers data coming soon...').waitFor();
      await page.keyboard.press('ArrowRight');
      await page.getByText('Protocols data coming soon...').waitFor();
      expect(await page.getByRole('tab', { name: 'Protocols' }).getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowRight');
      await page.getByText('Asset Classes data coming soon...').waitFor();
      await page.keyboard.press('Home');
      await page.getByTestId('league-networks').waitFor();
    });

    it('changes the transfer rows with the period and the amount range, through the API', async () => {
      const { page, errors } = home;
      await hydrated(page, { island: '[data-testid="transfers-table"]' });
      const first = await rowTexts(page);
      expect(first.length).toBeGreaterThan(0);
      expect(first.length).toBeLessThanOrEqual(10);
      for (const row of first) expect(row).toMatch(/\d{2}\/\d{2}\/\d{2}/);

      const period = page.getByLabel('Period');
      const [res30] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/transfers?days=30') && r.status() === 200),
        period.selectOption('30'),
      ]);
      expect(res30.url()).toContain('minUsd=0&maxUsd=100000&limit=10');
      await expect.poll(() => rowTexts(page)).not.toEqual(first);
      const rows30 = await rowTexts(page);
      expect(rows30.length).toBeLessThanOrEqual(10);

      const [resBig] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('minUsd=10000000') && r.status() === 200),
        page.getByLabel('Amount').selectOption('10m+'),
      ]);
      expect(resBig.url()).toContain('days=30');
      expect(resBig.url()).not.toContain('maxUsd');
      await expect.poll(() => rowTexts(page)).not.toEqual(rows30);
      const big = await rowTexts(page);
      expect(big.length).toBeGreaterThan(0);
      // every amount is at least $10M: shown as $xx.xxM or $x.xxB
      for (const row of big) expect(row).toMatch(/\$(\d{2,3}\.\d{2}M|\d+\.\d{2}B)/);

      await Promise.all([
        page.waitForResponse((r) => r.url().includes('days=90') && r.url().includes('minUsd=1000000&maxUsd=10000000')),
        (async () => {
          await page.getByLabel('Amount').selectOption('1m-10m');
          await page.getByLabel('Period').selectOption('90');
        })(),
      ]);
      await expect.poll(async () => (await rowTexts(page)).every((r) => /\$\d\.\d{2}M/.test(r))).toBe(true);
      expect(errors).toEqual([]);
    });
  });

  it('shows a loading state, then the empty text when no transfer matches', async () => {
    const { page } = await tab.visit('/');
    await hydrated(page, { island: '[data-testid="transfers-table"]' });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/api/transfers?*', async (route) => {
      await gate;
      await route.fulfill({ status: 200, contentType: 'application/json', body: '[]' });
    });
    await page.getByLabel('Period').selectOption('90');
    await page.getByText('Loading transfers...').waitFor();
    expect(await page.getByTestId('transfers-table').getAttribute('aria-busy')).toBe('true');
    release();
    await page.getByText('No transfers found for the selected criteria').waitFor();
    expect(await page.getByTestId('transfer-row').count()).toBe(0);
  });

  it('draws the stacked chart with the legend, toggles stablecoins and downloads rwa-chart.png', async () => {
    const { page, errors } = await tab.visit('/', { viewport: { width: 1280, height: 900 } });
    const legend = await page.getByTestId('legend-item').allInnerTexts();
    expect(legend.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      'Private Credit 15.5B',
      'US Treasury Debt 7.4B',
      'Commodities 1.8B',
      'Institutional Alt. Funds 1.0B',
      'Stocks 350.1M',
      'non-US Government Debt 320.5M',
      'Actively-Managed Strategies 48.2M',
      'Corporate Bonds 16.6M',
      'Stablecoins 268.4B',
    ]);
    const chart = page.getByTestId('rwa-chart');
    await chart.and(page.locator('svg[data-live]')).waitFor();
    const toggle = page.getByRole('switch', { name: 'Include stablecoins' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await chart.getAttribute('data-stablecoins')).toBe('off');
    const before = await page.getByTestId('rwa-chart').screenshot();
    const readout = page.getByTestId('rwa-readout');
    await expect.poll(() => readout.innerText()).toMatch(/^\$\d+\.\d{2}B\s+Sep 2025$/);
    const withoutStablecoins = parseFloat((await readout.innerText()).slice(1));
    await toggle.click();
    // the stacked total now includes ~$270B of stablecoins
    await expect.poll(async () => parseFloat((await readout.innerText()).slice(1)) - withoutStablecoins).toBeGreaterThan(200);
    expect(await readout.innerText()).toContain('incl. stablecoins');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(await chart.getAttribute('data-stablecoins')).toBe('on');
    // the chart is redrawn with stablecoins stacked on top (a different picture)
    await expect.poll(async () => Buffer.compare(before, await page.getByTestId('rwa-chart').screenshot()) !== 0).toBe(true);
    await toggle.press('Space');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    // hovering a month shows that month's stacked total
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.7);
    await expect.poll(() => readout.innerText()).not.toMatch(/Sep 2025/);
    expect(await readout.innerText()).toMatch(/^\$\d+\.\d{2}B\s+[A-Z][a-z]{2} \d{4}$/);
    await page.mouse.move(0, 0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download image' }).click()]);
    expect(download.suggestedFilename()).toBe('rwa-chart.png');
    const path = await download.path();
    expect(readFileSync(path).subarray(1, 4).toString()).toBe('PNG');
    expect(errors).toEqual([]);
  });

  it('works at 375 px: no horizontal page overflow, tables scroll inside their cards', async () => {
    // The load of the test before (its chart live), laid out again at a phone's width: the layout is checked here, the loading at 375 px in first-interaction.spec.ts.
    const page = tab.page;
    expect(new URL(page.url()).pathname).toBe('/');
    const errors = watchErrors(page);
    await page.setViewportSize(PHONE);
    // Each island that waits to be seen comes into view once, so every one of them is hydrated and laid out at this width.
    for (const island of await page.locator('astro-island[client="visible"]').all()) await island.scrollIntoViewIfNeeded();
    await hydrated(page);
    await page.getByTestId('rwa-chart').and(page.locator('svg[data-live]')).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'home-phone');
    expect(errors).toEqual([]);
  });
});

describe('home page news', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows sample headlines without published posts, then the 5 newest published posts', async () => {
    // The file's tab on this server: the second load reads what the database holds then.
    const { page } = await tab.visit(server.baseUrl + '/');
    const items = page.getByTestId('news-item');
    const existing = await items.count();
    const db = createClient({ url: server.databaseUrl });
    const published = (await db.execute('select count(*) as n from blog_posts where published = 1')).rows[0].n;
    if (Number(published) === 0) {
      expect(existing).toBe(5);
      expect(await page.locator('#latest-news').innerText()).toContain('Sample headlines');
    }
    expect(await page.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/admin');

    const now = Date.now();
    for (let i = 0; i < 7; i++) {
      const at = now - (i * 3 + 1) * 3_600_000; // 1 h, 4 h, 7 h ... ago
      await db.execute({
        sql: `insert into blog_posts (title, slug, excerpt, content, published, created_at, updated_at, published_at)
              values (?, ?, '', 'body', ?, ?, ?, ?)`,
        args: [`E2E news ${i}`, `e2e-news-${i}`, i === 0 ? 0 : 1, at, at, i === 0 ? null : at],
      });
    }
    db.close();

    await tab.visit(server.baseUrl + '/');
    const texts = await page.getByTestId('news-item').allInnerTexts();
    expect(texts).toHaveLength(5);
    // the draft (0) never shows; newest published first
    expect(texts.map((t) => t.split('\n')[0])).toEqual(['E2E news 1', 'E2E news 2', 'E2E news 3', 'E2E news 4', 'E2E news 5']);
    expect(texts[0]).toContain('4 hours ago');
    expect(await page.getByRole('link', { name: /E2E news 1/ }).getAttribute('href')).toBe('/blog/e2e-news-1');
  });
});
