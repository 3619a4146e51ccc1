/**
 * Every control works from the first interaction: before its island hydrates (the island's chunk
 * held back until after the interaction), and with JavaScript off. The state lives
 * in the URL query, which the server-rendered pages read.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, revealWaitingIslands, screenshot, useBrowser } from '../support/browser.ts';
import { useSharedTab } from '../support/shared-tab.ts';
import { holdIslands, notDefined, notHydrated, waitDefined, waitHydrated } from '../support/hydration.ts';

const base = inject('baseUrl');
const browser = useBrowser();
/**
 * One visitor with JavaScript, moved from page to page: each page is a new document (islands and
 * custom elements start unhydrated), the view lives in the URL, and nothing here is stored in
 * cookies or storage. What a test holds back is routed on the tab and dropped after it.
 */
const tab = useSharedTab(browser, base);
afterEach(() => tab.page.unrouteAll({ behavior: 'ignoreErrors' }));
const rowTexts = (page: Page) => page.getByTestId('transfer-row').allInnerTexts();
const TEN_MILLION_PLUS = /\$(\d{2,3}\.\d{2}M|\d+\.\d{2}B)/;
/** A mark that survives replaceState but not a page load. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { mark?: number }).mark === 1);

describe('before the islands hydrate (island chunks held back)', () => {
  it('home: the first click on a League Table tab opens it', async () => {
    const page = tab.page;
    const held = await holdIslands(page, ['LeagueTable']);
    const { errors } = await tab.visit('/');
    await page.getByRole('tab', { name: 'Issuers' }).scrollIntoViewIfNeeded();
    expect(await notHydrated(page, 'LeagueTable')).toBe(true);
    await Promise.all([page.waitForURL(/\?league=issuers#league-table$/), page.getByRole('tab', { name: 'Issuers' }).click()]);
    await page.getByText('Issuers data coming soon...').waitFor();
    expect(await page.getByRole('tab', { name: 'Issuers' }).getAttribute('aria-selected')).toBe('true');
    expect(await notHydrated(page, 'LeagueTable')).toBe(true);

    // Once hydrated, the island starts from that tab and keeps the URL in step without loading a page.
    held.release();
    await waitHydrated(page, 'LeagueTable');
    await mark(page);
    await page.getByRole('tab', { name: 'Protocols' }).click();
    await page.getByText('Protocols data coming soon...').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('?league=protocols');
    await page.getByRole('tab', { name: 'Networks' }).click();
    await page.getByTestId('league-networks').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await marked(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('home: 90 days and $10M+ chosen before hydration are what the table shows once it hydrates', async () => {
    const page = tab.page;
    const held = await holdIslands(page, ['TopTransfers']);
    const { errors } = await tab.visit('/');
    await page.getByTestId('transfers-table').scrollIntoViewIfNeeded();
    const before = await rowTexts(page);
    expect(before.every((r) => !TEN_MILLION_PLUS.test(r))).toBe(true);
    await page.getByLabel('Period').selectOption('90');
    await page.getByLabel('Amount').selectOption('10m+');
    expect(await notHydrated(page, 'TopTransfers')).toBe(true);

    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/transfers?days=90&minUsd=10000000')),
      (async () => held.release())(),
    ]);
    expect(res.status()).toBe(200);
    await expect.poll(async () => (await rowTexts(page)).every((r) => TEN_MILLION_PLUS.test(r))).toBe(true);
    expect((await rowTexts(page)).length).toBeGreaterThan(0);
    expect(await page.getByLabel('Period').inputValue()).toBe('90');
    expect(await page.getByLabel('Amount').inputValue()).toBe('10m+');
    await expect.poll(() => new URL(page.url()).search).toBe('?period=90&range=10m%2B');

    // The URL is a shareable view: loading it renders the same choice on the server.
    const html = await (await fetch(`${base}/?period=90&range=10m%2B`)).text();
    // Each row's amount cell is the first with text-right and text-fg (in whatever order the classes stand).
    const amounts = [
      ...html.matchAll(/data-testid="transfer-row"[\s\S]*?<td class="(?=[^"]*\btext-right\b)(?=[^"]*\btext-fg\b)[^"]*">([^<]+)</g),
    ].map((m) => m[1]);
    expect(amounts.length).toBeGreaterThan(0);
    for (const a of amounts) expect(a).toMatch(TEN_MILLION_PLUS);
    expect(errors).toEqual([]);
  });

  it('home: the stablecoin switch clicked before hydration includes stablecoins', async () => {
    const page = tab.page;
    const held = await holdIslands(page, ['RwaValueChart']);
    const { errors } = await tab.visit('/');
    const toggle = page.getByRole('switch', { name: 'Include stablecoins' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await notHydrated(page, 'RwaValueChart')).toBe(true);
    await Promise.all([page.waitForURL(/\?stablecoins=1#rwa-value$/), toggle.click()]);
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('rwa-readout').innerText()).toContain('incl. stablecoins');

    held.release();
    await waitHydrated(page, 'RwaValueChart');
    await page.getByTestId('rwa-chart').and(page.locator('svg[data-live]')).waitFor();
    expect(await page.getByTestId('rwa-chart').getAttribute('data-stablecoins')).toBe('on');
    await mark(page);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await marked(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('/networks: a metric tab and the % switch clicked before hydration', async () => {
    const page = tab.page;
    const held = await holdIslands(page, ['NetworkChartCard', 'NetworkDistribution']);
    const { errors } = await tab.visit('/networks');
    expect(await notHydrated(page, 'NetworkChartCard')).toBe(true);
    await Promise.all([page.waitForURL(/\?metric=rwa-holders#network-metrics$/), page.getByRole('tab', { name: 'RWA Holders' }).click()]);
    expect(await page.getByRole('tab', { name: 'RWA Holders' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('network-chart').getAttribute('data-metric')).toBe('rwa-holders');

    const toggle = page.getByRole('switch', { name: 'Show % of Total' });
    await Promise.all([page.waitForURL(/\?metric=rwa-holders&percent=1#distribution$/), toggle.click()]);
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    for (const v of await page.getByTestId('pie-value').allInnerTexts()) expect(v).toMatch(/^\d+\.\d%$/);

    held.release();
    await waitHydrated(page, 'NetworkChartCard');
    await waitHydrated(page, 'NetworkDistribution');
    await page.getByTestId('network-chart').and(page.locator('svg[data-live]')).waitFor();
    expect(await page.getByTestId('network-chart').getAttribute('data-metric')).toBe('rwa-holders');
    await mark(page);
    await toggle.click();
    await expect.poll(async () => (await page.getByTestId('pie-value').allInnerTexts())[0]).toMatch(/^\$\d+\.\d{2}B$/);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('metricType=transfer-volume')),
      page.getByRole('tab', { name: 'Transfer Volume' }).click(),
    ]);
    await expect.poll(() => new URL(page.url()).search).toBe('?metric=transfer-volume');
    expect(await marked(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('asset pages: Load More clicked before its script runs reveals the next rows once it does', async () => {
    const page = tab.page;
    // The Load More script is inlined as a module script: serve it from a held URL instead.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let code = '';
    await page.route('**/stablecoins', async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(/<script type="module">([\s\S]*?data-load-more[\s\S]*?)<\/script>/, (_, js: string) => {
        code = js;
        return '<script type="module" src="/held-load-more.js"></script>';
      });
      await route.fulfill({ response: res, body: html });
    });
    await page.route('**/held-load-more.js', async (route) => {
      await gate;
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: code });
    });
    // A held module script holds back DOMContentLoaded and load too: go on once the page is there.
    const { errors } = await tab.visit('/stablecoins', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Load More Stablecoins' }).waitFor();
    expect(code).toContain('data-load-more');
    const visible = () => page.locator('#stablecoins-rows tr:visible').count();
    expect(await visible()).toBe(10);
    await page.getByRole('button', { name: 'Load More Stablecoins' }).click();
    expect(new URL(page.url()).hash).toBe('#stablecoins-rows-more');
    release();
    await expect.poll(visible).toBe(20);
    const all = await page.locator('#stablecoins-rows tr').count();
    await page.getByRole('button', { name: 'Load More Stablecoins' }).click();
    await expect.poll(visible).toBe(Math.min(30, all));
    expect(errors).toEqual([]);
  });
});

describe('header menus before they hydrate', () => {
  it('Asset Classes: a click before its script runs shows the list; the menu then opens in its place', async () => {
    const page = tab.page;
    const held = await holdIslands(page, ['menu-button']);
    // A held module script holds back the load event too: go on once the page has arrived.
    const { errors } = await tab.visit('/stablecoins', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Asset Classes' }).waitFor();
    expect(await notDefined(page, 'menu-button')).toBe(true);
    await page.getByRole('button', { name: 'Asset Classes' }).click();
    const fallback = page.getByRole('list', { name: 'Asset Classes' });
    await fallback.waitFor();
    expect(await fallback.getByRole('link').count()).toBe(7);
    expect(new URL(page.url()).hash).toBe('#asset-classes-menu');

    held.release();
    await waitDefined(page, 'menu-button');
    await page.getByRole('menu').waitFor();
    expect(await page.getByRole('menuitem').count()).toBe(7);
    expect(await fallback.isVisible()).toBe(false);
    expect(new URL(page.url()).hash).toBe('');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('mobile menu: a tap before its script runs opens the panel; the drawer then opens in its place', async () => {
    const page = tab.page;
    const held = await holdIslands(page, ['MobileDrawer']);
    const { errors } = await tab.visit('/', { viewport: PHONE, waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(await notDefined(page, 'site-drawer')).toBe(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('navigation', { name: 'Mobile menu' });
    await panel.waitFor();
    expect(await panel.getByRole('link', { name: 'Stablecoins', exact: true }).isVisible()).toBe(true);

    held.release();
    await waitDefined(page, 'site-drawer');
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    expect(await drawer.getByRole('link', { name: 'Networks', exact: true }).count()).toBe(1);
    expect(await panel.isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
    // Once hydrated the trigger opens the drawer, not the fallback.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.waitFor();
    expect(await panel.isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe('with JavaScript off', () => {
  // One visitor without JavaScript, moved from page to page (nothing a page leaves behind changes the next).
  const noJs = useSharedTab(browser, base, { javaScript: false });

  it('header menus open as plain lists of links', async () => {
    const desktop = await noJs.visit('/stablecoins');
    await desktop.page.getByRole('button', { name: 'Asset Classes' }).click();
    await Promise.all([
      desktop.page.waitForURL(/\/commodities$/),
      desktop.page.getByRole('list', { name: 'Asset Classes' }).getByRole('link', { name: 'Commodities' }).click(),
    ]);

    const phone = await noJs.visit('/', { viewport: PHONE });
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    const panel = phone.page.getByRole('navigation', { name: 'Mobile menu' });
    await panel.waitFor();
    expect(await panel.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    await panel.getByRole('link', { name: 'Close menu' }).click();
    await expect.poll(() => panel.isVisible()).toBe(false);
  });

  it('home: Top Transfers, the League Table tabs and the stablecoin switch work through the URL', async () => {
    const { page } = await noJs.visit('/');
    await page.getByLabel('Period').selectOption('90');
    await page.getByLabel('Amount').selectOption('10m+');
    await Promise.all([page.waitForURL(/\?period=90&range=10m%2B#top-transfers$/), page.getByRole('button', { name: 'Show' }).click()]);
    expect(await page.getByLabel('Period').inputValue()).toBe('90');
    expect(await page.getByLabel('Amount').inputValue()).toBe('10m+');
    const rows = await rowTexts(page);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatch(TEN_MILLION_PLUS);

    // Each control keeps the others' state.
    await Promise.all([page.waitForURL(/league=asset-classes/), page.getByRole('tab', { name: 'Asset Classes' }).click()]);
    expect(new URL(page.url()).search).toBe('?period=90&range=10m%2B&league=asset-classes');
    await page.getByText('Asset Classes data coming soon...').waitFor();
    await Promise.all([page.waitForURL(/stablecoins=1/), page.getByRole('switch', { name: 'Include stablecoins' }).click()]);
    expect(new URL(page.url()).search).toBe('?period=90&range=10m%2B&league=asset-classes&stablecoins=1');
    expect(await page.getByRole('switch', { name: 'Include stablecoins' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Asset Classes' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel('Amount').inputValue()).toBe('10m+');
    // Controls only a script can drive are not offered.
    expect(await page.getByRole('button', { name: 'Download image' }).isVisible()).toBe(false);
  });

  it('/networks: metric tabs and the % switch', async () => {
    const { page } = await noJs.visit('/networks');
    await Promise.all([page.waitForURL(/metric=stablecoin-holders/), page.getByRole('tab', { name: 'Stablecoin Holders' }).click()]);
    expect(await page.getByTestId('network-chart').getAttribute('data-metric')).toBe('stablecoin-holders');
    await Promise.all([page.waitForURL(/percent=1/), page.getByRole('switch', { name: 'Show % of Total' }).click()]);
    expect(new URL(page.url()).search).toBe('?metric=stablecoin-holders&percent=1');
    for (const v of await page.getByTestId('pie-value').allInnerTexts()) expect(v).toMatch(/^\d+\.\d%$/);
  });

  it('the newsletter signup checks the address and thanks the reader, never putting it in the URL', async () => {
    const { page } = await noJs.visit('/research');
    const signup = page.getByTestId('newsletter');
    await signup.getByLabel('Email address').fill('not-an-email');
    await signup.getByRole('button', { name: 'Subscribe' }).click();
    // The browser's own check keeps the form from going anywhere.
    expect(await signup.getByLabel('Email address').evaluate((i: HTMLInputElement) => i.validity.valid)).toBe(false);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/research');
    await signup.getByLabel('Email address').fill('reader@example.com');
    await Promise.all([page.waitForURL(/#newsletter-thanks$/), signup.getByRole('button', { name: 'Subscribe' }).click()]);
    expect(page.url()).not.toContain('reader');
    expect(await page.getByText('Thanks for subscribing!').isVisible()).toBe(true);
  });

  it('asset pages show every row and no Load More', async () => {
    const { page } = await noJs.visit('/stablecoins');
    const all = await page.locator('#stablecoins-rows tr').count();
    expect(all).toBeGreaterThan(10);
    expect(await page.locator('#stablecoins-rows tr:visible').count()).toBe(all);
    expect(await page.getByRole('button', { name: 'Load More Stablecoins' }).isVisible()).toBe(false);
  });
});

describe('the view query on the server', () => {
  it('renders the state asked for, caches each view under its own URL', async () => {
    const issuers = await (await fetch(`${base}/?league=issuers`)).text();
    const plain = await (await fetch(`${base}/`)).text();
    const again = await (await fetch(`${base}/?league=issuers`)).text();
    // React may put an empty comment between the label and the rest of the text.
    const comingSoon = /Issuers(<!-- -->)? data coming soon\.\.\./;
    expect(issuers).toMatch(comingSoon);
    expect(plain).not.toMatch(comingSoon);
    expect(again).toMatch(comingSoon);
    const holders = await (await fetch(`${base}/networks?metric=rwa-holders`)).text();
    expect(holders).toMatch(/data-metric="rwa-holders"/);
    expect(await (await fetch(`${base}/networks`)).text()).toMatch(/data-metric="tokenized-asset-value"/);
  });

  it('falls back to the defaults for bad values: 200, nothing of the query echoed', async () => {
    for (const path of [
      '/?period=8&range=zzjunkzz&league=%3Cb%3Ezzjunkzz&stablecoins=zzjunkzz',
      '/?period=%00&period=1e3&range[]=x',
      '/networks?metric=zzjunkzz&percent=%22%3E%3Cb%3E',
    ]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).not.toContain('zzjunkzz');
      expect(html).not.toContain('<b>');
    }
    const html = await (await fetch(`${base}/?period=8&league=nope`)).text();
    expect(html).toContain('data-testid="league-networks"');
    expect(html).toMatch(/<option value="7" selected/);
  });
});

describe('screenshots after the change', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`/ and /networks at ${name} width`, async () => {
      for (const path of ['/?period=30&league=issuers&stablecoins=1', '/networks?metric=rwa-holders&percent=1']) {
        const { page } = await tab.visit(path, { viewport });
        // Each island still waiting for its turn in view is brought there, one after another.
        await revealWaitingIslands(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.locator('svg[data-live]').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        // The screen as a phone shows it: the whole page (over 4,600 px tall on /networks) took past 30 s to capture on a loaded machine.
        await screenshot(page, `view-${path.startsWith('/networks') ? 'networks' : 'home'}-${name}`);
      }
    });
  }
});
