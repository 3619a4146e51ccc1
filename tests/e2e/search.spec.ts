/**
 * Site search: the header's box finds an asset by symbol, an issuer, a network and a
 * post with the keyboard alone ("/" or Ctrl+K, typing, arrows, Enter; Escape closes), and the
 * same search works with JavaScript off (the box is a GET form to the server-rendered /search).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, POLL, hydrated, screenshot, useBrowser } from '../support/browser.ts';
import { useSharedTab } from '../support/shared-tab.ts';
import { BLOG_SLUG } from './page-kinds.ts';
import { SEARCH_KIND_LABELS } from '#lib/shared/search.ts';

const base = inject('baseUrl');
const browser = useBrowser();
// A visitor with JavaScript and one without: a tab each, moved from page to page (and to a phone's width).
const tab = useSharedTab(browser, base);
const noJs = useSharedTab(browser, base, { javaScript: false });

/** Types `query` into the focused box, then moves with ArrowDown to the option `kind` + `title` and opens it with Enter. */
async function pickByKeyboard(page: Page, query: string, kind: string, title: RegExp) {
  await page.keyboard.type(query);
  const box = page.getByRole('combobox', { name: /Search/ });
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  // An answer to an earlier prefix of the query can show first; the final query's answer then
  // redraws the list (and clears the active option). The list is aria-busy until that answer is in.
  await page.waitForFunction(
    () => {
      const el = document.querySelector('[role="listbox"][aria-label="Search suggestions"]');
      return !!el && el.getAttribute('aria-busy') !== 'true';
    },
    undefined,
    POLL,
  );
  const wanted = list.getByRole('option').filter({ hasText: kind }).filter({ hasText: title }).first();
  await wanted.waitFor();
  expect(await box.getAttribute('aria-expanded')).toBe('true');
  const index = await list
    .getByRole('option')
    .evaluateAll((els, [k, t]) => els.findIndex((e) => e.textContent!.includes(k) && new RegExp(t).test(e.textContent!)), [
      kind,
      title.source,
    ] as const);
  for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
  const active = await box.getAttribute('aria-activedescendant');
  expect(await page.locator(`#${active}`).getAttribute('aria-selected')).toBe('true');
  expect(await page.locator(`#${active}`).textContent()).toMatch(title);
  await page.keyboard.press('Enter');
}

describe('header search, by keyboard', () => {
  it('finds an asset by symbol, an issuer, a network and a post', async () => {
    const { page, errors } = await tab.visit('/login', { viewport: DESKTOP });
    await hydrated(page);
    const box = page.getByRole('combobox', { name: /Search/ });

    await page.keyboard.press('/');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await pickByKeyboard(page, 'BUIDL', 'Asset', /\(BUIDL\)/);
    await page.waitForURL('**/assets/buidl');

    await hydrated(page);
    await page.keyboard.press('Control+k');
    await pickByKeyboard(page, 'ondo', 'Issuer', /^Issuer\s*Ondo/);
    await page.waitForURL('**/issuers/ondo');

    await hydrated(page);
    await page.keyboard.press('/');
    await pickByKeyboard(page, 'ether', 'Network', /Ethereum/);
    await page.waitForURL('**/networks/ethereum');

    await hydrated(page);
    await page.keyboard.press('/');
    await pickByKeyboard(page, 'welcome', 'Post', /Welcome to RWA Analytics/);
    await page.waitForURL(`**/blog/${BLOG_SLUG}`);

    // Escape closes the list, a second one clears the box; Enter with no option active goes to /search.
    await hydrated(page);
    await page.keyboard.press('/');
    await page.keyboard.type('treasur');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('listbox', { name: 'Search suggestions' }).isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    expect(await box.inputValue()).toBe('');
    await page.keyboard.type('ondo');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search?q=ondo');
    expect(await page.getByTestId('search-results').getByRole('link').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('Escape before a slow answer arrives: the answer does not open the list, and the next Escape clears the box', async () => {
    const { page, errors } = await tab.visit('/login', { viewport: DESKTOP });
    await hydrated(page);
    const box = page.getByRole('combobox', { name: /Search/ });
    // Every answer is held until the visitor has pressed Escape, as on a slow connection.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let asked = 0;
    const hold = async (route: import('playwright-core').Route) => {
      asked++;
      await held;
      await route.continue().catch(() => {});
    };
    await page.route('**/api/search?*', hold);
    try {
      await page.keyboard.press('/');
      await page.keyboard.type('ondo');
      await expect.poll(() => asked, { interval: 50 }).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      release();
      // What the page received for the held requests, had they been drawn, would have opened the list.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('listbox', { name: 'Search suggestions' }).isVisible()).toBe(false);
      expect(await box.inputValue()).toBe('ondo');
      await page.keyboard.press('Escape');
      expect(await box.inputValue()).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await page.unroute('**/api/search?*', hold);
    }
  });

  it('finds a symbol inside a word, shows market caps, and ends with See all results', async () => {
    const { page, errors } = await tab.visit('/login', { viewport: DESKTOP });
    await hydrated(page);
    await page.keyboard.press('/');
    await page.keyboard.type('usdc');
    await page.waitForFunction(
      () => {
        const el = document.querySelector<HTMLElement>('[role="listbox"][aria-label="Search suggestions"]');
        return !!el && !el.hidden && el.getAttribute('aria-busy') !== 'true';
      },
      undefined,
      POLL,
    );
    const options = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option');
    const texts = await options.allInnerTexts();
    expect(texts.some((t) => /syrupUSDC/.test(t) && /Market cap \$[\d.]+[KMB]?/.test(t))).toBe(true);
    expect(texts.at(-1)).toBe('See all results');
    // ArrowUp from the box wraps to the last option; Enter opens the page of every hit.
    await page.keyboard.press('ArrowUp');
    const box = page.getByRole('combobox', { name: /Search/ });
    expect(await page.locator(`#${await box.getAttribute('aria-activedescendant')}`).textContent()).toBe('See all results');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search?q=usdc');
    const hits = await page
      .getByTestId('search-results')
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hits).toContain('/assets/syrupusdc');
    expect(hits).toContain('/issuers/circle');
    expect(errors).toEqual([]);
  });

  it('shows its suggestions at phone and desktop size', async () => {
    // One load of the results page (its header holds the same search box as every page), laid out at each size in turn.
    const { page } = await tab.visit('/search?q=treasury', { viewport: DESKTOP });
    await page.getByTestId('search-results').waitFor();
    await hydrated(page, { client: 'load' });
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await screenshot(page, `search-results-${name}`);
      const box = page.getByRole('combobox', { name: /Search/ });
      await box.click();
      await box.fill('');
      await page.keyboard.type('tre');
      await page.getByRole('option').first().waitFor();
      await page.keyboard.press('ArrowDown');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, name).toBe(false);
      await screenshot(page, `search-suggestions-${name}`);
      // Closed and cleared (Escape twice) before the next size.
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      expect(await page.getByRole('listbox', { name: 'Search suggestions' }).isVisible()).toBe(false);
    }
  });
});

describe('search without JavaScript', () => {
  it('the header box submits to the server-rendered /search', async () => {
    const { page } = await noJs.visit('/');
    await page
      .getByRole('searchbox', { name: /Search/ })
      .or(page.getByRole('combobox', { name: /Search/ }))
      .first()
      .fill('BUIDL');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search?q=BUIDL');
    const results = page.getByTestId('search-results');
    expect(await results.getByRole('link').first().getAttribute('href')).toBe('/assets/buidl');
  });

  it('/search?q= lists assets, issuers, networks and posts', async () => {
    // "treasury" is in each kind: the Treasury funds, their issuers and networks (by the class of
    // their assets), a blog post and a research article.
    const { page, status } = await noJs.visit('/search?q=treasury');
    expect(status).toBe(200);
    const hits = await page
      .getByTestId('search-results')
      .getByRole('link')
      .evaluateAll((els) => els.map((e) => `${e.querySelector('span')?.textContent?.trim()} ${e.getAttribute('href')}`));
    for (const hit of [
      `${SEARCH_KIND_LABELS.asset} /assets/buidl`,
      `${SEARCH_KIND_LABELS.issuer} /issuers/blackrock`,
      `${SEARCH_KIND_LABELS.network} /networks/ethereum`,
      `${SEARCH_KIND_LABELS.post} /blog/weekly-rwa-recap-2025-09-12`,
      `${SEARCH_KIND_LABELS.article} /research/state-of-tokenized-treasuries-2025`,
    ])
      expect(hits).toContain(hit);
    // Every hit is labelled with the kind its link goes to.
    const folder = { asset: 'assets', issuer: 'issuers', network: 'networks', post: 'blog', article: 'research' } as const;
    const labelOf = new Map<string, string>(
      Object.entries(folder).map(([kind, f]) => [f, SEARCH_KIND_LABELS[kind as keyof typeof folder]]),
    );
    for (const hit of hits) expect(hit, hit).toBe(`${labelOf.get(hit.split('/')[1])} ${hit.split(' ').at(-1)}`);
    const empty = await noJs.visit('/search?q=zzqqxxnothing');
    await empty.page.getByTestId('search-empty').waitFor();
  });

  it('GET /api/search answers JSON, and 400 without a query', async () => {
    const ok = await fetch(`${base}/api/search?q=ondo`);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { query: string; results: { kind: string; url: string }[] };
    expect(body.query).toBe('ondo');
    expect(body.results.some((r) => r.kind === 'issuer' && r.url === '/issuers/ondo')).toBe(true);
    const bad = await fetch(`${base}/api/search?q=%20`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/q must be/);
  });
});
