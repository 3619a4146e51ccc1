import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, screenshot, useBrowser } from '../support/browser.ts';
import { csvColumn } from '../support/http.ts';
import { useSharedTab } from '../support/shared-tab.ts';
import { formatCurrency, formatPercent } from '#lib/shared/format.ts';
import { parseCsv } from '#lib/shared/csv.ts';

const base = inject('baseUrl');
const browser = useBrowser();
// A visitor without JavaScript and one with it: a tab each, moved from page to page (and to a phone's width).
const noJs = useSharedTab(browser, base, { javaScript: false });
const withJs = useSharedTab(browser, base);
const tabFor = (javaScript: boolean) => (javaScript ? withJs : noJs);

const json = async (path: string) => {
  const res = await fetch(base + path);
  expect(res.status, path).toBe(200);
  return res.json();
};

/** The open-data page links on a page, as paths. */
const pageLinks = (page: Page) =>
  page.$$eval('a[href]', (as) =>
    as.map((a) => new URL((a as HTMLAnchorElement).href).pathname).filter((p) => /^\/(assets|networks|issuers)(\/|$)/.test(p)),
  );

describe('open-data pages', () => {
  it('lets a visitor without JavaScript reach every asset, network and issuer page from the home or networks page', async () => {
    const [assets, networks, issuers] = await Promise.all([json('/api/assets'), json('/api/networks'), json('/api/issuers')]);
    const wanted = new Set<string>([
      ...assets.map((a: { url: string }) => a.url),
      ...networks.map((n: { id: string }) => `/networks/${n.id}`),
      ...issuers.map((i: { url: string }) => i.url),
    ]);
    // The walk's first step loads the home page.
    const { page } = noJs;
    const seen = new Set<string>();
    const allSeen = () => [...wanted].every((u) => seen.has(u));
    // Breadth first, and done once every page is linked from one the visitor reached: loading the
    // rest proves nothing more here (tests/api/one-voice.test.ts loads every page of the sitemap).
    let frontier = ['/', '/networks'];
    for (let depth = 0; depth < 4 && frontier.length && !allSeen(); depth++) {
      const next: string[] = [];
      for (const path of frontier) {
        if (allSeen()) break;
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        for (const link of await pageLinks(page))
          if (!seen.has(link)) {
            seen.add(link);
            next.push(link);
          }
      }
      frontier = next;
    }
    const missing = [...wanted].filter((u) => !seen.has(u));
    expect(missing).toEqual([]);
  }, 180_000);

  it('shows an asset page whose figures equal the API, works without JavaScript, and 404s an unknown id', async () => {
    const assets = await json('/api/assets');
    const top = assets[0];
    expect(top).toEqual(expect.objectContaining({ id: expect.any(String), url: `/assets/${top.id}` }));
    for (const javaScript of [true, false]) {
      const { page, errors, status } = await tabFor(javaScript).visit(top.url);
      expect(status).toBe(200);
      await expect.poll(() => page.getByTestId('figure-market-cap').innerText()).toContain(formatCurrency(top.marketCap));
      // every unknown figure says why
      for (const unknown of await page.locator('[data-value="unknown"]').all())
        expect(await unknown.locator('xpath=..').innerText()).toMatch(/Why: \S+/);
      expect(await page.getByTestId('data-quality').innerText()).toMatch(/Data quality: \S+/);
      expect(await page.getByTestId('downloads').count()).toBeGreaterThanOrEqual(3);
      expect(errors).toEqual([]);
    }
    // A section with nothing in it (the snapshot has no history or holder concentration; a chain with no tracked
    // asset) says why in one line, and offers no range buttons or downloads of nothing; a section with figures keeps them.
    const emptyLines = { [top.url]: ['history-unknown', 'concentration-unknown'], '/issuers/ondo': ['history-unknown'] };
    for (const url of [top.url, '/issuers/ondo', '/networks/provenance']) {
      const html = await (await fetch(base + url)).text();
      const sections = [...html.matchAll(/<section id="([^"]+)"[\s\S]*?<\/section>/g)].map(([body, id]) => ({ id, body }));
      const empty = sections.filter((s) => /\sdata-empty[\s=>]/.test(s.body));
      expect(empty.length, url).toBeGreaterThan(0);
      for (const testid of emptyLines[url] ?? ['no-tracked-asset'])
        expect(
          empty.some((s) => s.body.includes(`data-testid="${testid}"`)),
          `${url} ${testid}`,
        ).toBe(true);
      for (const s of empty) expect(s.body, `${url} #${s.id}`).not.toMatch(/data-testid="(range-nav|downloads)"|<table/);
      expect(
        sections.some((s) => s.body.includes('data-testid="downloads"')),
        url,
      ).toBe(true);
    }
    const missing = await fetch(base + '/assets/no-such-asset');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page Not Found');
  });

  it('shows a network page whose figures equal /api/networks, with its assets linked, on a phone', async () => {
    const networks = await json('/api/networks');
    // The largest network that has tracked assets on it (the page of one without says so instead).
    let n = networks[0];
    let assetCount = 0;
    for (const candidate of networks) {
      assetCount = (await json(`/api/networks/${candidate.id}`)).assets.length;
      n = candidate;
      if (assetCount > 0) break;
    }
    const { page, errors } = await noJs.visit(`/networks/${n.id}`, { viewport: PHONE });
    expect(await page.getByTestId('figure-value').innerText()).toContain(formatCurrency(n.totalValue));
    expect(await page.getByTestId('figure-share').innerText()).toContain(formatPercent(n.marketShare));
    expect(await page.getByTestId('figure-count').innerText()).toContain(n.rwaCount.toLocaleString('en-US'));
    expect(assetCount).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="network-asset-row"] a[href^="/assets/"]').count()).toBe(assetCount);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'network-page-phone');
    expect(errors).toEqual([]);
    // with JavaScript, on a desktop: the same server-rendered figures, no page errors
    const desktop = await withJs.visit(`/networks/${n.id}`);
    expect(await desktop.page.getByTestId('figure-value').innerText()).toContain(formatCurrency(n.totalValue));
    await screenshot(desktop.page, 'network-page-desktop');
    expect(desktop.errors).toEqual([]);
  });

  it('keeps the history range in the URL and gives the same rows in its CSV download as the view', async () => {
    const n = (await json('/api/networks'))[0];
    const { page } = await noJs.visit(`/networks/${n.id}?range=1y`);
    expect(await page.locator('[aria-current="page"]', { hasText: '1y' }).count()).toBe(1);
    const points = Number(await page.getByTestId('chart-tokenized-asset-value').getAttribute('data-points'));
    const href = await page.locator('#network-history a', { hasText: 'CSV' }).getAttribute('href');
    expect(href).toContain('range=1y');
    const res = await fetch(base + href);
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`filename="${n.id}-history-1y-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
    const rows = parseCsv(await res.text());
    expect(rows[0]).toContain('tokenized-asset-value');
    const col = rows[0].indexOf('tokenized-asset-value');
    expect(rows.slice(1).filter((r) => r[col] !== '').length).toBe(points);
  });

  it('gives the networks table as CSV that parses to the rows of /api/networks', async () => {
    const networks = await json('/api/networks');
    const { page } = await noJs.visit('/networks');
    const href = await page.locator('#network-table a', { hasText: 'CSV' }).getAttribute('href');
    for (const url of [href!, '/api/networks?format=csv']) {
      const rows = parseCsv(await (await fetch(base + url)).text());
      const [head, ...body] = rows;
      expect(body.length).toBe(networks.length);
      body.forEach((r, i) => {
        const rec = Object.fromEntries(head.map((h, j) => [h, r[j]]));
        expect(rec.id).toBe(networks[i].id);
        expect(rec.name).toBe(networks[i].name);
        expect(Number(rec.totalValue)).toBe(Number(networks[i].totalValue));
        expect(Number(rec.marketShare)).toBe(networks[i].marketShare);
      });
    }
  });

  it('shows the issuer index and an issuer page with its assets linked', async () => {
    const issuers = await json('/api/issuers');
    const i = issuers[0];
    for (const javaScript of [true, false]) {
      const { page, status, errors } = await tabFor(javaScript).visit(i.url);
      expect(status).toBe(200);
      expect(await page.locator('h1').innerText()).toBe(i.name);
      if (i.totalMarketCap !== null) expect(await page.getByTestId('figure-total').innerText()).toContain(formatCurrency(i.totalMarketCap));
      expect(await page.locator('[data-testid="issuer-asset-row"] a[href^="/assets/"]').count()).toBe(i.assetCount);
      expect(errors).toEqual([]);
    }
    const index = await noJs.visit('/issuers');
    expect(await index.page.getByTestId('issuer-row').count()).toBe(issuers.length);
  });

  it('documents the API for people at /docs/api, reached from the footer, with working examples', async () => {
    const doc = await json('/api/openapi.json');
    const { page, errors } = await noJs.visit('/');
    // The footer's Platform: every tracked asset, the API, and how each figure is made.
    for (const [label, href] of [
      ['Analytics', '/assets'],
      ['API Access', '/docs/api'],
      ['Documentation', '/sources'],
    ])
      expect(await page.locator('footer').getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(href);
    await page.goto('/docs/api');
    const titles = await page.getByTestId('endpoint').locator('h3').allInnerTexts();
    expect(titles.map((t) => t.replace(/^GET\s+/, ''))).toEqual(Object.keys(doc.paths));
    for (const href of await page
      .getByTestId('endpoint-example')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href'))))
      expect((await fetch(base + href)).status, href!).toBe(200);
    expect(errors).toEqual([]);
  });
});

describe('/alerts filters in the URL', () => {
  it('without JavaScript, the form filters by asset, class and network; the feeds follow', async () => {
    const { page, errors } = await noJs.visit('/alerts');
    const form = page.getByTestId('table-filters');
    await form.getByTestId('filter-class').selectOption({ label: 'Stablecoins' });
    await form.getByTestId('filter-network').selectOption({ label: 'Ethereum' });
    await form.getByRole('button', { name: 'Filter' }).click();
    // The fields left at All are dropped from the canonical view; the page states the filter it applied.
    await page.waitForURL(/\/alerts\?asset=&class=stablecoins&network=ethereum/);
    expect(await page.locator('h1').textContent()).toBe('Alerts: class stablecoins, network ethereum');
    expect(await form.getByTestId('filter-class').inputValue()).toBe('stablecoins');
    expect(await form.getByTestId('filter-network').inputValue()).toBe('ethereum');
    expect(await page.getByTestId('alerts-atom').getAttribute('href')).toBe('/api/alerts/feed.atom?class=stablecoins&network=ethereum');
    expect(await page.locator('head link[type="application/feed+json"]').getAttribute('href')).toBe(
      '/api/alerts/feed.json?class=stablecoins&network=ethereum',
    );
    // An asset alone, by its page id; Clear filters goes back to every event.
    await form.getByTestId('filter-class').selectOption('');
    await form.getByTestId('filter-network').selectOption('');
    await form.getByTestId('filter-asset').selectOption('usdc');
    await form.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/asset=usdc/);
    expect(await page.locator('h1').textContent()).toBe('Alerts: asset usdc');
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL(/\/alerts#alerts-table$/);
    expect(await page.locator('h1').textContent()).toBe('Alerts');
    expect(errors).toEqual([]);
  });
});

describe('/assets sorts and filters in the URL', () => {
  const rowNames = (page: Page) => page.locator('[data-testid="asset-index-row"] td:first-child a').allInnerTexts();

  it('without JavaScript, a header link sorts, the form filters, and the CSV link follows', async () => {
    for (const [label, viewport] of [
      ['phone', PHONE],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      const { page, errors } = await noJs.visit('/assets', { viewport });
      const before = await rowNames(page);
      await page.locator('th a', { hasText: 'Asset' }).click();
      await page.waitForURL(/sort=name&dir=asc/);
      const sorted = await rowNames(page);
      expect(sorted).not.toEqual(before);
      expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
      expect(await page.locator('th[aria-sort]').allInnerTexts()).toEqual([expect.stringMatching(/^Asset/i)]);
      expect(await page.locator('th[aria-sort]').getAttribute('aria-sort')).toBe('ascending');

      // The first class offered, submitted by the plain GET form: the sort is kept.
      const cls = await page.getByTestId('filter-class').locator('option').nth(1).getAttribute('value');
      await page.getByTestId('filter-class').selectOption(cls!);
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL(new RegExp(`sort=name&dir=asc&class=${cls}`));
      const filtered = await rowNames(page);
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered.length).toBeLessThan(before.length);
      expect(await page.getByTestId('downloads').getByText('CSV').getAttribute('href')).toBe(
        `/assets?sort=name&dir=asc&class=${cls}&format=csv`,
      );
      // The CSV itself has the rows the table shows, in its order.
      expect(await csvColumn(base, `/assets?sort=name&dir=asc&class=${cls}&format=csv`, 'name')).toEqual(filtered);
      await page.locator('#assets-table').scrollIntoViewIfNeeded();
      await screenshot(page, `assets-sorted-${label}`);
      expect(errors).toEqual([]);
    }
  });
});
