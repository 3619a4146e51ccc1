import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, POLL, screenshot, useBrowser } from '../support/browser.ts';
import { csvColumn } from '../support/http.ts';
import { useSharedTab } from '../support/shared-tab.ts';
import { PAGE_KINDS } from './page-kinds.ts';

/**
 * Sorting, filtering and downloads beyond /assets (open-data.spec.ts): the networks table and a network page's
 * asset list sort and filter in the URL without JavaScript, their downloads follow; on a phone a
 * table's key column stays in view as it scrolls, the scroll is shown, and nothing is clipped at 360 px.
 */
const base = inject('baseUrl');
const browser = useBrowser();
// A visitor without JavaScript for the sorting and filtering, one with it for the phones: a tab each, moved from page to page.
const noJs = useSharedTab(browser, base, { javaScript: false });
const withJs = useSharedTab(browser, base);
const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });

describe('sorting and filtering beyond /assets', () => {
  it('the networks table sorts by a header link; # keeps the rank; the CSV follows', async () => {
    const { page, errors } = await noJs.visit('/networks');
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
  });

  it('the networks table filters by class with the sort kept; the rows and the CSV follow', async () => {
    const { page, errors } = await noJs.visit('/networks?sort=name&dir=asc');
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
  });

  it("a network page's asset list sorts and filters by class, keeps the history range, and its CSV follows", async () => {
    const { page, errors } = await noJs.visit('/networks/ethereum?range=30d');
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
  });
  it("an issuer page's asset list filters by chain: the URL, the rows and the CSV follow, the history range kept", async () => {
    const issuers = (await (await fetch(`${base}/api/issuers`)).json()) as { name: string; url: string }[];
    // The registry's BlackRock: BUIDL on seven chains, BUIDL-I on Ethereum alone.
    const blackrock = issuers.find((i) => i.name === 'BlackRock')!;
    const { page, errors } = await noJs.visit(`${blackrock.url}?range=30d`);
    const symbols = async () =>
      (await page.locator('[data-testid="issuer-asset-row"] td:first-child span').allInnerTexts()).map((t) => t.trim());
    expect((await symbols()).sort()).toEqual(['BUIDL', 'BUIDL-I']);
    const filter = page.locator('#issuer-assets').getByTestId('filter-chain');
    expect(await filter.locator('option').allInnerTexts()).toEqual(expect.arrayContaining(['All', 'Ethereum', 'Polygon']));
    await filter.selectOption({ label: 'Polygon' });
    await page.locator('#issuer-assets').getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(new RegExp(`${blackrock.url}\\?range=30d&class=&chain=polygon#issuer-assets$`));
    expect(await symbols()).toEqual(['BUIDL']);
    expect(await filter.inputValue()).toBe('polygon');
    const csv = await page.locator('#issuer-assets [data-testid="downloads"] a', { hasText: 'CSV' }).getAttribute('href');
    expect(csv).toBe(`${blackrock.url}?chain=polygon&format=csv`);
    expect(await csvColumn(base, csv!, 'symbol')).toEqual(['BUIDL']);
    // Ethereum has both; the unfiltered CSV too.
    await filter.selectOption({ label: 'Ethereum' });
    await page.locator('#issuer-assets').getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/chain=ethereum#issuer-assets$/);
    expect((await symbols()).sort()).toEqual(['BUIDL', 'BUIDL-I']);
    expect((await csvColumn(base, `${blackrock.url}?format=csv`, 'symbol')).sort()).toEqual(['BUIDL', 'BUIDL-I']);
    expect(errors).toEqual([]);
  });
});

describe('the class tables sort and filter in the URL', () => {
  it('/treasuries: a header link sorts the products, the form filters by chain, the Load More rows follow', async () => {
    const { page, errors } = await noJs.visit('/treasuries');
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
  });

  it('/private-credit: the Pools sort by a number column and filter by network and platform, the sort kept; the Platforms too', async () => {
    const { page, errors } = await noJs.visit('/private-credit');
    const pools = page.locator('#pools-rows tr');
    const cells = async (n: number) => (await pools.locator(`td:nth-child(${n})`).allInnerTexts()).map((t) => t.trim());
    const dollars = (t: string) => Number(t.replace(/[$,]/g, '').replace(/B$/, 'e9').replace(/M$/, 'e6').replace(/K$/, 'e3'));
    // The snapshot's order by default: no column is marked sorted.
    const listed = await cells(3);
    expect(await page.locator('#pools-table th[aria-sort]').count()).toBe(0);
    await page.locator('#pools-table th a', { hasText: /^Principal Outstanding$/ }).click();
    await page.waitForURL(/\/private-credit\?sort=principal&dir=desc#pools-table$/);
    const principal = (await cells(7)).map(dollars);
    expect(principal.length).toBe(listed.length);
    expect(principal.every(Number.isFinite)).toBe(true);
    expect(principal).toEqual([...principal].sort((a, b) => b - a));
    expect(await cells(3)).not.toEqual(listed);
    expect(await page.locator('#pools-table th[aria-sort]').getAttribute('aria-sort')).toBe('descending');

    const table = page.locator('#pools-table');
    await table.getByTestId('filter-chain').selectOption('ethereum');
    await table.getByTestId('filter-issuer').selectOption('maple');
    await table.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/\/private-credit\?sort=principal&dir=desc&chain=ethereum&issuer=maple#pools-table$/);
    expect(await cells(1)).toEqual(expect.arrayContaining(['Maple']));
    expect(new Set(await cells(1))).toEqual(new Set(['Maple']));
    expect(new Set(await cells(2))).toEqual(new Set(['Ethereum']));
    const filtered = (await cells(7)).map(dollars);
    expect(filtered.length).toBeGreaterThan(1);
    expect(filtered.length).toBeLessThan(principal.length);
    expect(filtered).toEqual([...filtered].sort((a, b) => b - a));
    expect(await table.getByTestId('match-count').innerText()).toBe(`${filtered.length} rows match these filters.`);
    // The other table on the page is left as it was: its own filters are empty, its rows all there.
    expect(await page.locator('#platforms-table tbody tr').count()).toBe(5);

    // Clearing the filters keeps the sort.
    await table.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL(/\/private-credit\?sort=principal&dir=desc#pools-table$/);
    expect(await pools.count()).toBe(principal.length);
    expect(await table.getByTestId('match-count').count()).toBe(0);

    // The Platforms: their own view under prefixed names, the Pools' kept in the same URL.
    const platforms = page.locator('#platforms-table');
    const protocols = async () => (await platforms.locator('tbody tr td:first-child').allInnerTexts()).map((t) => t.trim());
    await platforms.locator('th a', { hasText: /^Protocol$/ }).click();
    await page.waitForURL(/\/private-credit\?sort=principal&dir=desc&platforms-sort=protocol&platforms-dir=asc#platforms-table$/);
    expect(await protocols()).toEqual([...(await protocols())].sort(byText));
    await platforms.getByTestId('filter-chain').selectOption('ethereum');
    await platforms.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(
      /\/private-credit\?sort=principal&dir=desc&platforms-sort=protocol&platforms-dir=asc&platforms-chain=ethereum&platforms-issuer=#platforms-table$/,
    );
    const onEthereum = await protocols();
    expect(onEthereum.length).toBeGreaterThan(0);
    expect(onEthereum.length).toBeLessThan(5);
    expect(onEthereum).toEqual([...onEthereum].sort(byText));
    const chips = await platforms.locator('[data-networks]').evaluateAll((els) => els.map((e) => e.getAttribute('data-networks')));
    for (const c of chips) expect(c).toMatch(/Ethereum/);
    // The Pools are as they were: every row, by principal.
    expect((await cells(7)).map(dollars)).toEqual(principal);

    // Filters that leave no row say so (Maple has no pool on Provenance).
    await page.goto('/private-credit?chain=provenance&issuer=maple#pools-table');
    expect(await table.getByTestId('no-rows').innerText()).toBe('Nothing matches these filters.');
    expect(await table.getByTestId('match-count').innerText()).toBe('0 rows match these filters.');
    expect(errors).toEqual([]);
  });

  it('a sorted, filtered class table at 390 and 1280 px: its header, filters and sorted column in view (screenshots)', async () => {
    for (const [label, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', DESKTOP],
    ] as const) {
      const { page, errors } = await noJs.visit('/private-credit?sort=principal&dir=desc&chain=ethereum#pools-table', { viewport });
      const table = page.locator('#pools-table');
      // A sort or filter link lands on the table with its title and filters below the sticky site header.
      const header = (await page.locator('body > header, header').first().boundingBox())!;
      const title = (await table.locator('h2').boundingBox())!;
      expect(title.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(title.y).toBeLessThan(viewport.height / 2);
      // The page itself never scrolls sideways: only the table's own region does.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      const form = await table.getByTestId('table-filters').boundingBox();
      expect(form!.x + form!.width).toBeLessThanOrEqual(viewport.width);
      expect(await table.locator('th[aria-sort="descending"]').innerText()).toMatch(/Principal Outstanding/i);
      await screenshot(page, `private-credit-pools-sorted-${label}`);
      expect(errors).toEqual([]);
    }
  });

  it('/treasuries Top Entities and /commodities sort by a header link, and # keeps the rank', async () => {
    const { page, errors } = await noJs.visit('/treasuries');
    const entities = page.locator('#entities-table tbody tr');
    const before = (await entities.locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim());
    await page.locator('#entities-table th a', { hasText: /^Protocol$/ }).click();
    await page.waitForURL(/\/treasuries\?entities-sort=protocol&entities-dir=asc#entities-table$/);
    const names = (await entities.locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim());
    expect(names).toEqual([...before].sort(byText));
    expect(await entities.locator('td:first-child').allInnerTexts()).toEqual(names.map((n) => String(before.indexOf(n) + 1)));
    // The products table beside it keeps its own default order (largest first).
    expect(await page.locator('#products-table th[aria-sort]').getAttribute('aria-sort')).toBe('descending');

    await page.goto('/commodities');
    const assets = page.locator('#commodities-table tbody tr');
    const ranked = (await assets.locator('td:nth-child(2) > :first-child').allInnerTexts()).map((t) => t.trim());
    await page.locator('#commodities-table th a', { hasText: /^Asset$/ }).click();
    await page.waitForURL(/\/commodities\?sort=name&dir=asc#commodities-table$/);
    await page.locator('#commodities-table th a', { hasText: /^Asset$/ }).click();
    await page.waitForURL(/\/commodities\?sort=name&dir=desc#commodities-table$/);
    const byName = (await assets.locator('td:nth-child(2) > :first-child').allInnerTexts()).map((t) => t.trim());
    expect(byName).toEqual([...ranked].sort(byText).reverse());
    expect(await assets.locator('td:first-child').allInnerTexts()).toEqual(byName.map((n) => String(ranked.indexOf(n) + 1)));
    expect(errors).toEqual([]);
  });
});

/** Elements whose own text is cut off: they hide their overflow and hold more than they show. */
const clipped = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      // A phone table's long name ends with an ellipsis on purpose (the value beside it stays in view).
      if (el.closest('.table-scroll, [role="region"], table[data-phone-value], svg, canvas, [hidden], .sr-only')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const hides = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (hides && el.scrollWidth > el.clientWidth + 1 && el.textContent?.trim())
        out.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}: ${el.textContent.trim().slice(0, 40)}`);
    }
    return out;
  });

/** The asset-class pages: at 360 px each also holds its first table in its card (it fits, or scrolls inside it). */
const CLASS_PAGES = ['/stablecoins', '/treasuries', '/private-credit', '/commodities', '/stocks'];

/** Every page with a table of figures (the value column of each must stay in view on a phone). */
const PHONE_TABLE_PAGES = [
  '/',
  '/networks',
  '/stablecoins',
  '/treasuries',
  '/commodities',
  '/private-credit',
  '/assets',
  '/issuers',
  '/assets/buidl',
  '/networks/ethereum',
  '/issuers/ondo',
];

/** At 390 px: each visible table of the page, its value column inside the screen and its name never over it. */
const tableProblems = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const seen: string[] = [];
    for (const table of document.querySelectorAll<HTMLTableElement>('main table')) {
      if (!table.checkVisibility() || table.closest('details:not([open])')) continue;
      const name = table.dataset.testid ?? table.closest('[id]')?.id ?? 'a table';
      const value = Number(table.dataset.phoneValue);
      if (!value) {
        out.push(`${name}: no value column is named for a phone`);
        continue;
      }
      seen.push(name);
      const rows = [...table.querySelectorAll('tr')].filter((r) => r.checkVisibility()).slice(0, 6);
      for (const row of rows) {
        const cell = row.children[value - 1] as HTMLElement | undefined;
        if (!cell || cell.hasAttribute('colspan')) continue;
        const box = cell.getBoundingClientRect();
        if (box.width === 0 || box.left < 0 || box.right > window.innerWidth + 0.5)
          out.push(`${name}: the value "${cell.textContent?.trim()}" lies at ${Math.round(box.left)}..${Math.round(box.right)} px`);
        const nameAt = Number(table.dataset.phoneName);
        const key = nameAt ? (row.children[nameAt - 1] as HTMLElement | undefined) : undefined;
        if (key && key.scrollWidth > key.clientWidth + 1 && getComputedStyle(key).overflowX === 'visible')
          out.push(`${name}: the name "${key.textContent?.trim()}" runs over the next column`);
      }
    }
    return { out, seen };
  });

describe('phones', () => {
  it(
    'at 360 px no page overflows sideways, no text is clipped and a class page holds its table in its card; at 390 px every table keeps its name, value and change in view: the value column inside the screen, the name never over it',
    { timeout: 120_000 },
    async () => {
      // One walk: each page loads once at 360 px; a page with tables is then laid out again at 390 px (the same load, resized).
      const narrow = { width: 360, height: 740 };
      const wider = { width: 390, height: 844 };
      const found: string[] = [];
      const errors: string[] = [];
      let tables = 0;
      for (const path of new Set([...PAGE_KINDS.filter((k) => !k.signedIn).map((k) => k.path), ...PHONE_TABLE_PAGES, ...CLASS_PAGES])) {
        const visit = await withJs.visit(path, { viewport: narrow });
        const { page } = visit;
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) found.push(`${path} at 360 px: the page is ${overflow}px wider than the screen`);
        if (CLASS_PAGES.includes(path)) {
          expect(visit.status, path).toBe(200);
          // A phone keeps name, value and change and the table fits; a wider one still scrolls in its box.
          const held = await page.evaluate(() => {
            const table = document.querySelector('main table');
            return table ? getComputedStyle(table.parentElement!).overflowX : 'auto';
          });
          if (held !== 'auto') found.push(`${path} at 360 px: the first table's box has overflow-x ${held}, not auto`);
        }
        found.push(...(await clipped(page)).map((c) => `${path} at 360 px: ${c}`));
        if (PHONE_TABLE_PAGES.includes(path)) {
          await page.setViewportSize(wider);
          const problems = await tableProblems(page);
          tables += problems.seen.length;
          found.push(...problems.out.map((p) => `${path} at 390 px: ${p}`));
        }
        errors.push(...visit.errors);
      }
      expect(found).toEqual([]);
      // Each page's tables were seen (a page that lost its tables would pass an empty loop).
      expect(tables).toBeGreaterThanOrEqual(PHONE_TABLE_PAGES.length);
      expect(errors).toEqual([]);
    },
  );

  it('a wide table keeps its key column in view as it scrolls, and shows that it scrolls', async () => {
    // At 640 px, the narrowest width where a table keeps all its columns and scrolls sideways.
    const { page } = await withJs.visit('/networks', { viewport: { width: 640, height: 800 } });
    const region = page.getByRole('region', { name: 'Networks table' });
    await region.scrollIntoViewIfNeeded();
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // The shadow at the edge with more table: the region's scroll-attached backgrounds.
    expect(await region.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/radial-gradient.*radial-gradient/);
    const name = page.locator('[data-testid="network-row"]').first().locator('td').nth(1);
    const box = async () => (await name.boundingBox())!;
    const regionBox = (await region.boundingBox())!;
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await page.waitForFunction(
      () => {
        const el = document.querySelector('[aria-label="Networks table"]')!;
        return el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
      },
      undefined,
      POLL,
    );
    const after = await box();
    expect(after.x).toBeGreaterThanOrEqual(regionBox.x - 1);
    expect(after.x + after.width).toBeLessThanOrEqual(regionBox.x + regionBox.width);
    // The last column (30d change) is now in view beside it.
    const change = (await page.locator('[data-testid="network-row"]').first().locator('td').last().boundingBox())!;
    expect(change.x + change.width).toBeLessThanOrEqual(regionBox.x + regionBox.width + 1);
  });
});
