/**
 * Charts that read at a glance, in a real browser: axis labels never overlap or get
 * clipped at phone and desktop widths, the tooltip lists every series, the network lines differ
 * in colour and in dash, "Download image" gives a picture larger than the chart with its title,
 * legend, source and date, and the chart pages stay within their JavaScript budget with the
 * charts in view.
 */
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { POLL, newContext, useBrowser } from '../support/browser.ts';
import { useSharedTab, type Visit } from '../support/shared-tab.ts';

const base = inject('baseUrl');
const browser = useBrowser();
// The visits share a tab (one with JavaScript, one without); the one with JavaScript records what a
// canvas draws (it draws nothing but the downloaded images), so a download is checked on the load that
// checked the chart's tooltip; the JavaScript budget is measured on a first visit, in a context of its own.
const tab = useSharedTab(browser, base, {
  setup: async (c) => {
    await c.addInitScript(RECORD_TEXT);
  },
});
const noJs = useSharedTab(browser, base, { javaScript: false });

interface Box {
  text: string;
  axis: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The on-screen boxes of a chart's axis labels, and the chart's own box. */
async function labelBoxes(chart: Locator): Promise<{ labels: Box[]; svg: Omit<Box, 'text' | 'axis'> }> {
  return chart.evaluate((svg) => {
    const r = (e: Element) => e.getBoundingClientRect();
    const s = r(svg);
    return {
      svg: { left: s.left, right: s.right, top: s.top, bottom: s.bottom },
      labels: [...svg.querySelectorAll('text[data-axis]')].map((t) => {
        const b = r(t);
        return {
          text: t.textContent ?? '',
          axis: t.getAttribute('data-axis') ?? '',
          left: b.left,
          right: b.right,
          top: b.top,
          bottom: b.bottom,
        };
      }),
    };
  });
}

const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Every chart on the page: no two labels overlap, each lies inside its chart and the window. */
async function expectReadableAxes(page: Page, selector: string, where: string) {
  const charts = page.locator(selector);
  const count = await charts.count();
  expect(count, `${where}: charts`).toBeGreaterThan(0);
  const viewport = page.viewportSize()!;
  for (let i = 0; i < count; i++) {
    const { labels, svg } = await labelBoxes(charts.nth(i));
    expect(labels.filter((l) => l.axis === 'x').length, `${where} #${i}: date labels`).toBeGreaterThanOrEqual(2);
    expect(labels.filter((l) => l.axis === 'y').length, `${where} #${i}: value labels`).toBeGreaterThanOrEqual(2);
    // Distinct value labels: no axis whose only label is "$0.00".
    const y = labels.filter((l) => l.axis === 'y').map((l) => l.text);
    expect(new Set(y).size, `${where} #${i}: ${y.join(' ')}`).toBe(y.length);
    for (const [j, a] of labels.entries()) {
      const name = `${where} #${i} "${a.text}"`;
      expect(a.left, name).toBeGreaterThanOrEqual(svg.left - 0.5);
      expect(a.right, name).toBeLessThanOrEqual(svg.right + 0.5);
      expect(a.top, name).toBeGreaterThanOrEqual(svg.top - 0.5);
      expect(a.bottom, name).toBeLessThanOrEqual(svg.bottom + 0.5);
      expect(a.left, name).toBeGreaterThanOrEqual(0);
      expect(a.right, name).toBeLessThanOrEqual(viewport.width);
      for (const b of labels.slice(j + 1)) expect(overlap(a, b), `${name} overlaps "${b.text}"`).toBe(false);
    }
  }
}

/** Scrolls the island's chart into view and waits until it draws at its real size. */
async function liveChart(page: Page, testid: string): Promise<Locator> {
  const chart = page.getByTestId(testid);
  // Before hydration a phone shows the server's phone drawing (the wide one is hidden): bring whichever shows into view.
  await page.locator(`svg[data-testid^="${testid}"]:visible`).first().scrollIntoViewIfNeeded();
  await page.locator(`svg[data-testid="${testid}"][data-live]`).waitFor();
  return chart;
}

/** After a resize: every live chart has measured its new box and drawn again at that size. */
async function redrawn(page: Page) {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<SVGSVGElement>('svg[data-live]')].every((svg) => {
        const { width } = svg.getBoundingClientRect();
        return width === 0 || Math.abs(svg.viewBox.baseVal.width - width) <= 1;
      }),
    undefined,
    POLL,
  );
}

describe('chart axes', () => {
  // Each page loads once and is laid out again at each width: a live chart follows its box's size and draws again.
  const widths = [1280, 390, 360];
  const atEachWidth = async (page: Page, check: (width: number) => Promise<void>) => {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await redrawn(page);
      await check(width);
    }
  };

  it(`never overlap or clip a label on / at ${widths.join(', ')} px`, async () => {
    const { page } = await tab.visit('/', { viewport: { width: widths[0], height: 900 } });
    await liveChart(page, 'rwa-chart');
    await atEachWidth(page, (width) => expectReadableAxes(page, 'svg[data-testid="rwa-chart"]', `/ at ${width}`));
  });

  it(`never overlap or clip a label on /networks at ${widths.join(', ')} px`, async () => {
    const { page } = await tab.visit('/networks', { viewport: { width: widths[0], height: 900 } });
    await liveChart(page, 'network-chart');
    await atEachWidth(page, (width) => expectReadableAxes(page, 'svg[data-testid="network-chart"]', `/networks at ${width}`));
  });

  it(`never overlap or clip a label on a network page's server-rendered history charts at ${widths.join(', ')} px`, async () => {
    // One per metric, plus market share.
    const id = ((await (await fetch(base + '/api/networks')).json()) as { id: string }[])[0].id;
    const { page } = await tab.visit(`/networks/${id}`, { viewport: { width: widths[0], height: 900 } });
    await atEachWidth(page, async (width) => {
      await expectReadableAxes(page, '#network-history svg[role="img"]', `/networks/${id} at ${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `at ${width}`).toBeLessThanOrEqual(0);
    });
  });
});

describe('server-rendered charts', () => {
  it('are in the first HTML of / and /networks, drawn before any script runs', async () => {
    for (const [path, testid, paths] of [
      ['/', 'rwa-chart', 16],
      ['/networks', 'network-chart', 11],
    ] as const) {
      const html = await (await fetch(base + path)).text();
      const svg = new RegExp(`<svg[^>]*data-testid="${testid}"[\\s\\S]*?</svg>`).exec(html)?.[0] ?? '';
      expect((svg.match(/<path /g) ?? []).length, path).toBeGreaterThanOrEqual(paths);
      expect((svg.match(/data-axis="x"/g) ?? []).length, path).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('server-drawn charts on a phone, before any script', () => {
  it('fit a 390 px screen, with labels that do not overlap and text of at least 11 px', async () => {
    for (const [path, testid] of [
      ['/', 'rwa-chart'],
      ['/networks', 'network-chart'],
    ] as const) {
      const { page } = await noJs.visit(path, { viewport: { width: 390, height: 844 } });
      // The phone drawing shows; the wide one is hidden.
      const phone = page.getByTestId(`${testid}-phone`);
      expect(await phone.isVisible(), path).toBe(true);
      expect(await page.getByTestId(testid).isVisible(), path).toBe(false);
      await expectReadableAxes(page, `svg[data-testid="${testid}-phone"]`, `${path} at 390 without JavaScript`);
      const sizes = await phone.evaluate((svg) =>
        [...svg.querySelectorAll('text')].map((t) => Number(getComputedStyle(t).fontSize.replace('px', '')) * (t.getScreenCTM()?.a ?? 0)),
      );
      expect(sizes.length, path).toBeGreaterThan(3);
      expect(Math.min(...sizes), `${path}: smallest text in px`).toBeGreaterThanOrEqual(11);
    }
  });
});

/** Width and height of a PNG, from its header. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/** Records every text a canvas draws, so a test can read what went into an image. */
const RECORD_TEXT = () => {
  const drawn: string[] = [];
  (window as unknown as { __drawn: string[] }).__drawn = drawn;
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, max?: number) {
    drawn.push(text);
    return max === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, max);
  };
};

/** "Download image": an image larger than the chart, with the title, legend, source and as-of date. */
async function expectDownloadedImage(page: Page, testid: string, title: string, file: string) {
  await page.mouse.move(0, 0);
  const chart = await liveChart(page, testid);
  const box = (await chart.boundingBox())!;
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download image' }).click()]);
  expect(download.suggestedFilename()).toBe(file);
  const png = readFileSync(await download.path());
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  const size = pngSize(png);
  // Drawn at 2 pixels per CSS pixel; even at one it is wider and taller than the chart.
  expect(size.width / 2).toBeGreaterThan(box.width);
  expect(size.height / 2).toBeGreaterThan(box.height + 100);

  const drawn = await page.evaluate(() => (window as unknown as { __drawn: string[] }).__drawn);
  expect(drawn).toContain(title);
  expect(drawn.some((t) => t.startsWith('Source: RWA Analytics'))).toBe(true);
  expect(drawn).toContain('Data as of September 12, 2025');
  const legend = await page
    .locator(testid === 'rwa-chart' ? '[data-testid="legend-item"]:not([data-dimmed])' : '[data-testid="network-legend-item"]')
    .allInnerTexts();
  for (const item of legend) expect(drawn).toContain(item.split('\n')[0].trim());

  // The title's band of the image is not blank: its pixels differ from the background.
  const inked = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    // The title line: 24 to 48 CSS px from the top, drawn at 2x.
    const band = ctx.getImageData(48, 48, Math.min(400, img.width - 48), 48).data;
    const [r, g, b] = ctx.getImageData(2, 2, 1, 1).data;
    let n = 0;
    for (let i = 0; i < band.length; i += 4) if (Math.abs(band[i] - r) + Math.abs(band[i + 1] - g) + Math.abs(band[i + 2] - b) > 120) n++;
    return n;
  }, png.toString('base64'));
  expect(inked).toBeGreaterThan(200);
}

describe('/networks at 1280 px, one load for the lines, the tooltip and the image', () => {
  let loaded: Visit;
  beforeAll(async () => {
    loaded = await tab.visit('/networks');
  });

  it('no two of the lines share a colour, and the colours that look most alike differ in dash pattern', async () => {
    const { page, errors } = loaded;
    const chart = await liveChart(page, 'network-chart');
    const lines = await chart
      .locator('path[data-series]')
      .evaluateAll((ps) => ps.map((p) => ({ color: p.getAttribute('stroke'), dash: p.getAttribute('stroke-dasharray') ?? '' })));
    expect(lines.length).toBe(Number(await chart.getAttribute('data-series')));
    expect(lines.length).toBeGreaterThan(10);
    expect(new Set(lines.map((l) => l.color)).size).toBe(lines.length);
    // More than ten lines, fewer patterns: a pattern does not name a line by itself. What it does is
    // tell apart the lines whose colours are closest (amber and yellow, red and rose, purple and violet).
    expect(new Set(lines.map((l) => l.dash)).size).toBeGreaterThanOrEqual(3);
    const rgb = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
    const distance = (a: string, b: string) => Math.hypot(...rgb(a).map((v, i) => v - rgb(b)[i]));
    const pairs = lines.flatMap((a, i) => lines.slice(i + 1).map((b) => ({ a, b, d: distance(a.color!, b.color!) })));
    const closest = pairs.sort((x, y) => x.d - y.d).slice(0, 3);
    for (const { a, b } of closest) expect(a.dash, `${a.color} and ${b.color}`).not.toBe(b.dash);
    // The legend's keys carry the same patterns as the lines.
    const keys = await page
      .getByTestId('network-legend-item')
      .evaluateAll((li) => li.map((l) => l.querySelector('line')?.getAttribute('stroke-dasharray') ?? ''));
    expect(keys).toEqual(lines.map((l) => l.dash));
    expect(errors).toEqual([]);
  });

  it('the tooltip gives the date and every series', async () => {
    const { page, errors } = loaded;
    const chart = await liveChart(page, 'network-chart');
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
    const tip = page.getByTestId('chart-tooltip');
    await tip.waitFor();
    expect(await tip.locator('p').first().innerText()).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    const names = await tip.getByTestId('tooltip-row').allInnerTexts();
    expect(names.length).toBe(Number(await chart.getAttribute('data-series')));
    for (const n of names) expect(n).toMatch(/\$\d+\.\d{2}[KMB]?$/);
    expect(errors).toEqual([]);
  });

  it('Download image: an image larger than the chart, with the title, legend, source and as-of date', async () => {
    await expectDownloadedImage(
      loaded.page,
      'network-chart',
      'Network Metrics: Tokenized Asset Value',
      'networks-tokenized-asset-value.png',
    );
    expect(loaded.errors).toEqual([]);
  });
});

describe('/ at 1280 px, one load for the tooltip and the image', () => {
  let loaded: Visit;
  beforeAll(async () => {
    loaded = await tab.visit('/');
  });

  it('the tooltip gives the date, every class and the total', async () => {
    const { page, errors } = loaded;
    const tip = page.getByTestId('chart-tooltip');
    const home = await liveChart(page, 'rwa-chart');
    const hb = (await home.boundingBox())!;
    await page.mouse.move(hb.x + hb.width * 0.8, hb.y + hb.height / 2);
    await tip.waitFor();
    const rows = await tip.getByTestId('tooltip-row').allInnerTexts();
    // Eight classes (stablecoins start excluded), each with its own value, and the total below.
    expect(rows.map((r) => r.split('\n')[0].trim()).sort()).toEqual(
      [
        'Private Credit',
        'US Treasury Debt',
        'Commodities',
        'Institutional Alt. Funds',
        'Stocks',
        'non-US Government Debt',
        'Actively-Managed Strategies',
        'Corporate Bonds',
      ].sort(),
    );
    expect(await tip.innerText()).toMatch(/Total\s+\$\d+\.\d{2}B/);
    expect(errors).toEqual([]);
  });

  it('Download image: an image larger than the chart, with the title, legend, source and as-of date', async () => {
    await expectDownloadedImage(loaded.page, 'rwa-chart', 'Total RWA Value', 'rwa-chart.png');
    expect(loaded.errors).toEqual([]);
  });
});

describe('JavaScript on the chart pages', () => {
  it('stays within 140 KB gz on / and /networks at 1280 px, the charts in view, and the image code waits for a click', async () => {
    for (const path of ['/', '/networks']) {
      const context = await newContext(browser(), base, { viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      // Every script the page loaded, measured from its response body; a body that cannot be read fails the test.
      const bodies: Array<Promise<[string, number]>> = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script' || new URL(r.url()).pathname.endsWith('.js'))
          bodies.push(
            r.body().then((b) => {
              expect(r.status(), r.url()).toBe(200);
              return [r.url(), gzipSync(b, { level: 9 }).byteLength];
            }),
          );
      });
      await page.goto(path);
      await liveChart(page, path === '/' ? 'rwa-chart' : 'network-chart');
      await page.waitForLoadState('networkidle');
      const bytes = new Map(await Promise.all(bodies));
      // The page's own list of what it loaded: each script is among the bodies measured.
      const loaded = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
          .map((e) => e.name),
      );
      expect(loaded.length).toBeGreaterThan(0);
      for (const url of loaded) expect([...bytes.keys()], url).toContain(url);
      const total = [...bytes.values()].reduce((a, b) => a + b, 0);
      expect(total / 1024, `${path}: ${[...bytes.keys()].map((u) => u.split('/').pop()).join(', ')}`).toBeLessThanOrEqual(140);
      expect([...bytes.keys()].some((u) => /chart-image/.test(u))).toBe(false);
      await context.close();
    }
  });
});
