import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { loginCookie } from './http.ts';

import { CHROMIUM_FLAGS, resolveChromium } from '../../scripts/lib/chromium.ts';

/**
 * Fewer processes for the same pages, on a machine whose two cores the browser shares with servers:
 * the compositor runs in the browser process instead of a GPU process of its own (with the GPU off it
 * only composites in software, and the hop between the two processes was all it added), one raster
 * thread instead of one per core, and no process of its own for each cross-site frame (an embed's).
 * What a page does and shows is unchanged: the whole suite passes alike, and the browser's processes
 * took about 15% less CPU over a run (417 against 490 CPU-s).
 *
 * Page scripts run on V8's first two tiers only (the interpreter and its baseline compiler, Sparkplug:
 * --max-opt=1). A test's page lives seconds, and the optimizing compilers' background work on its
 * scripts (React, the editor, axe) cost more than it ever paid back: three browser files took 137-144
 * CPU-s instead of 164-166, and the axe file with the tables 74-98 instead of 100-109. Scripts behave
 * the same on every tier; nothing here times a page's scripts. Lighthouse (scripts/bench) keeps the
 * browser's defaults, which its timings assume.
 */
const TEST_PROCESS_FLAGS = ['--in-process-gpu', '--num-raster-threads=1', '--disable-site-isolation-trials', '--js-flags=--max-opt=1'];

/**
 * Headless Chromium (the system's, or the one @sparticuz/chromium ships in npm), with the flags that
 * keep it off the (closed) network. A missing browser throws: the tests fail, they never skip.
 */
async function launchBrowser(): Promise<Browser> {
  const { path, env } = await resolveChromium();
  return chromium.launch({
    executablePath: path,
    args: [...CHROMIUM_FLAGS, ...TEST_PROCESS_FLAGS],
    env: { ...process.env, ...env } as Record<string, string>,
  });
}

/** The browser this worker keeps (see useBrowser); launched again if a file's work closed or crashed it. */
let kept: Browser | undefined;

async function keptBrowser(): Promise<Browser> {
  if (!kept?.isConnected()) kept = await launchBrowser();
  return kept;
}

/**
 * The browser for the calling test file: its worker's, launched by the first file that asks (a
 * worker runs file after file, vitest.config.ts), and left clean for the next file: every context the
 * file opened is closed after its tests. A launch and close cost about 0.75 CPU-s a file. Playwright
 * closes the browser when the worker exits. Call it at the top of the file and read the browser
 * inside a test: `const browser = useBrowser(); … browser()`.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await keptBrowser();
  });
  afterAll(async () => {
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
  });
  return () => {
    if (!browser) throw new Error('useBrowser(): the browser is launched in beforeAll, read it inside a test');
    return browser;
  };
}

/**
 * How a wait for a condition in the page checks it: every 50 ms. Playwright's default checks on
 * every animation frame, which keeps the page drawing frames for the whole wait: a wait that never
 * came true cost 0.36-0.48 CPU-s in 5 s that way, against 0.04-0.06 at 100 ms. Hydration waits run
 * hundreds of times a run.
 */
export const POLL = { polling: 50 } as const;

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

export interface ContextOptions {
  viewport?: { width: number; height: number };
  /** Start signed in as the test admin (session made through the real login API). */
  signedIn?: boolean;
  /** false: a visitor with JavaScript turned off. */
  javaScript?: boolean;
  /** A touch screen (taps: `locator.tap()`). */
  hasTouch?: boolean;
}

export async function newContext(browser: Browser, baseUrl: string, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    baseURL: baseUrl,
    javaScriptEnabled: options.javaScript ?? true,
    hasTouch: options.hasTouch ?? false,
  });
  if (options.signedIn) {
    const [name, value] = (await loginCookie(baseUrl)).split('=');
    const { hostname } = new URL(baseUrl);
    await context.addCookies([
      { name, value, domain: hostname, path: '/', httpOnly: true, sameSite: 'Lax' },
      // The script-readable hint the server sets beside the session (src/lib/shared/auth-hint.ts).
      { name: 'rwa_signed_in', value: '1', domain: hostname, path: '/', httpOnly: false, sameSite: 'Lax' },
    ]);
  }
  return context;
}

/** Fails the test on any uncaught page error, so a broken island cannot pass silently. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const SHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');

/**
 * How much of a long page a full-page screenshot keeps: /sources runs to 35,000 px at 1280, which
 * no one reads as one image, and its capture cost 6.7 CPU-s (the whole page rasterised and encoded)
 * against about 1 s for the others.
 */
const FULL_PAGE_MAX_PX = 8000;

/** Saves a screenshot under test-results/screenshots for people to look at. */
export async function screenshot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  const height = fullPage ? await page.evaluate(() => document.documentElement.scrollHeight) : 0;
  const clip = height > FULL_PAGE_MAX_PX ? { x: 0, y: 0, width: page.viewportSize()?.width ?? 1280, height: FULL_PAGE_MAX_PX } : undefined;
  await page.screenshot({ path: resolve(SHOTS, `${name}.png`), fullPage, clip });
}

export interface OpenOptions extends ContextOptions {
  /** Runs on the new context before the page opens (permissions, init scripts, routes). */
  setup?: (context: BrowserContext) => Promise<unknown>;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors so far (watchErrors). */
  errors: string[];
  /** The HTTP status of the page itself. */
  status: number | undefined;
  close: () => Promise<void>;
}

/** Opens `path` in a fresh context: the one way a browser test starts on a page. */
export async function openPage(browser: Browser, baseUrl: string, path: string, options: OpenOptions = {}): Promise<OpenedPage> {
  const context = await newContext(browser, baseUrl, options);
  await options.setup?.(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const response = await page.goto(path);
  return { context, page, errors, status: response?.status(), close: () => context.close() };
}

/**
 * Brings each island still waiting to hydrate into view, one after another, for a frame and a
 * moment each: a client:visible island hydrates only once seen, and a scroll in steps can pass one
 * between two frames on a loaded machine.
 */
export async function revealWaitingIslands(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const island of document.querySelectorAll('astro-island[ssr]')) {
      if (!island.hasAttribute('ssr')) continue;
      // An island is display: contents (no box of its own): its first child is what scrolls into view.
      (island.firstElementChild ?? island).scrollIntoView({ block: 'center' });
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
    }
  });
}

/**
 * Waits until islands have hydrated (Astro removes the `ssr` attribute then): by default every
 * island on the page; `client: 'load'` only those hydrated at once (pages whose other islands wait
 * for visibility); `island` the one holding that element, scrolled into view first.
 */
export async function hydrated(page: Page, options: { client?: 'load'; island?: string } = {}) {
  const { island, client } = options;
  if (island) {
    await page.locator(island).first().scrollIntoViewIfNeeded();
    await page.waitForFunction((s) => !document.querySelector(s)?.closest('astro-island')?.hasAttribute('ssr'), island, POLL);
    return;
  }
  const selector = client ? `astro-island[client="${client}"][ssr]` : 'astro-island[ssr]';
  // Islands hydrated, and every custom element on the page defined (its script has run).
  await page.waitForFunction((s) => !document.querySelector(s) && !document.querySelector(':not(:defined)'), selector, POLL);
}
