/**
 * Embeds and Compare in Chromium. A page on another site (a loopback server on `localhost`, the site
 * being `127.0.0.1`) frames an embed, which shows its chart with JavaScript off, and frames a page
 * outside /embed/, which Chromium refuses to show. With JavaScript off, /compare's form compares three
 * products and its table downloads as CSV.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ConsoleMessage } from 'playwright-core';
import { screenshot, useBrowser } from '../support/browser.ts';
import { useSharedTab } from '../support/shared-tab.ts';
import { parseCsv } from '#lib/shared/csv.ts';

const base = inject('baseUrl');
const browser = useBrowser();
// One visitor with JavaScript off for both describes, moved from page to page (downloads are accepted by default).
const noJs = useSharedTab(browser, base, { javaScript: false, viewport: { width: 1280, height: 900 } });
let host: Server;
let hostUrl: string;

beforeAll(async () => {
  // The other site: one page with two frames, an embed and a page that refuses to be framed.
  host = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><title>A blog post</title><p>Our chart:</p>
       <iframe name="embed" src="${base}/embed/classes?width=600" width="600" height="460"></iframe>
       <iframe name="page" src="${base}/assets/buidl" width="600" height="300"></iframe>`,
    );
  });
  await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
  hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((done) => host.close(() => done())));

describe('embeds on another site', () => {
  it('a page on another origin frames an embed (a whole chart with JavaScript off); a page outside /embed/ stays unframed', async () => {
    const { page } = noJs;
    const refused: string[] = [];
    const onConsole = (m: ConsoleMessage) => {
      if (/frame-ancestors|X-Frame-Options/i.test(m.text())) refused.push(m.text());
    };
    page.on('console', onConsole);
    try {
      await noJs.visit(hostUrl);
      const embed = page.frame({ name: 'embed' })!;
      await embed.waitForSelector('[data-testid="embed-chart"]');
      const chart = embed.locator('[data-testid="embed-chart"]');
      expect(await chart.getAttribute('role')).toBe('img');
      expect(await embed.locator('#embed-title').textContent()).toBe('Total RWA Value');
      expect(await embed.locator('[data-series]').count()).toBe(8);
      expect(await embed.locator('[data-testid="embed-mark"]').textContent()).toContain('Illustrative');
      expect(await embed.locator('[data-testid="embed-link"]').getAttribute('href')).toBe(`${base}/`);
      const box = (await chart.boundingBox())!;
      expect(box.width).toBeGreaterThan(500);
      // The refused frame holds Chromium's error page, never the site's page.
      await expect.poll(() => refused.length).toBeGreaterThan(0);
      const other = page.frame({ name: 'page' })!;
      expect(await other.locator('[data-testid="asset-page"]').count()).toBe(0);
      await screenshot(page, 'embed-framed-1440');
    } finally {
      page.off('console', onConsole);
    }
  });
});

describe('compare with JavaScript off', () => {
  it('the form compares three products, and the table downloads as CSV', async () => {
    const { page } = await noJs.visit('/compare', { viewport: { width: 1440, height: 900 } });
    await page.getByLabel(/Products: up to 5 asset ids/).fill('OUSG, buidl, benji');
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.waitForURL(/\/compare\?assets=/);
    expect(await page.locator('[data-testid="compare-product"]').allTextContents()).toEqual([
      expect.stringContaining('BENJI'),
      expect.stringContaining('BUIDL'),
      expect.stringContaining('OUSG'),
    ]);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${base}/compare?assets=benji,buidl,ousg`);
    await screenshot(page, 'compare-1440', true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Comparison table as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^compare-benji-buidl-ousg-\d{4}-\d{2}-\d{2}\.csv$/);
    const [head, ...rows] = parseCsv(readFileSync((await download.path())!, 'utf8'));
    expect(rows.filter((r) => r.length > 1).map((r) => r[head.indexOf('symbol')])).toEqual(['BENJI', 'BUIDL', 'OUSG']);
    // The scale toggle is a link: the URL carries it.
    await page.getByRole('link', { name: 'Indexed to 100' }).click();
    await page.waitForURL(/scale=indexed/);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'compare-390', true);
  });
});
