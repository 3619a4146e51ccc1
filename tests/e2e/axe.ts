import { describe, expect, inject, it } from 'vitest';
import type axeCore from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { POLL, hydrated, newContext, revealWaitingIslands, screenshot } from '../support/browser.ts';
import { PAGE_KINDS } from './page-kinds.ts';
import { makePng } from '../support/images.ts';

/**
 * axe-core in Chromium on every page kind, at 1440x900 and 390x844 (a common laptop and phone, the
 * sizes visitors found failures at), in both themes, with the header menus closed and open, signed
 * out and (for the admin, its editor and SEO form) signed in: zero violations, every rule axe runs
 * by default (WCAG 2.x A and AA, and its best practices) and target-size; the pages that visitors
 * found failing also at 360 px under WCAG 2.2 AA. The same visit proves each page runs under its
 * Content-Security-Policy: every island hydrates, and nothing is refused or logs an error.
 *
 * Each page is loaded once and checked at both widths: axe runs at the width it was loaded at, in
 * the theme it opened in; the page's own toggle switches the theme (as a visitor does, no reload)
 * and the colour rules run again (violationsAfterToggle says why); then the window takes the other
 * width (as a phone turned or a window narrowed does) and the same two runs follow there, the theme
 * switched back. Which width a page is loaded at alternates from page to page, so both widths have
 * pages loaded at them and pages resized to them. The kinds are split in two halves (axeKinds), one
 * per spec file in long-first/, the longest browser files, started side by side at the head of the browser group.
 */

/** The axe suites' widths: a common laptop and a common phone. */
export const AXE_DESKTOP = { width: 1440, height: 900 };
export const AXE_PHONE = { width: 390, height: 844 };

/**
 * axe-core's own minified build (the same version, rules and checks as its main file, 650 KB
 * against 1.5 MB of source to compile).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Puts axe-core into every document the context opens, before the page's own scripts (it only
 * defines window.axe). Handed to Chromium once as a script of the context, it is compiled once
 * per renderer and reused: about 0.07 CPU-s a page, against 0.5 for evaluating the source
 * into each loaded page.
 */
export async function withAxe(context: BrowserContext) {
  await context.addInitScript({ content: AXE_SOURCE });
  return context;
}

/**
 * Every rule axe runs by default, and target-size (WCAG 2.2's 24 px targets, off by default in axe):
 * visitors found it on the issuer links of /treasuries. axe-core is in the page from the context's
 * init script (withAxe), or evaluated into it here on a page of another context, and run there
 * directly. `tags` narrows the run to a standard's rules; `rules` to named rules; `within` to one
 * element's subtree.
 *
 * The run names no elements (axe's `selectors: false`): building a unique CSS selector for every node
 * it checked cost up to a third of a run on the long pages (/sources: 1.63 against 1.14 CPU-s). A run
 * that finds violations runs again with selectors, so a failure names each element as before.
 */
export async function violations(page: Page, tags?: string[], only: { rules?: string[]; within?: string } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const run = (selectors: boolean) =>
    page.evaluate(
      async ({ tags, rules, within, selectors }) => {
        const axe = (window as unknown as { axe: typeof axeCore }).axe;
        const runOnly = rules ? { type: 'rule' as const, values: rules } : tags ? { type: 'tag' as const, values: tags } : undefined;
        const { violations: found } = await axe.run(within ? { include: [within] } : document, {
          rules: { 'target-size': { enabled: true } },
          resultTypes: ['violations'],
          selectors,
          ...(runOnly ? { runOnly } : {}),
        });
        return found.flatMap((v) =>
          v.nodes.map(
            (n) =>
              `${v.id} (${v.impact}): ${(n.target as typeof n.target | undefined)?.join(' ') ?? ''} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
          ),
        );
      },
      { tags, ...only, selectors },
    );
  const found = await run(false);
  if (found.length === 0) return found;
  const named = await run(true);
  // The page changed between the runs (it should not): the first run's findings stand, unnamed.
  return named.length > 0 ? named : found;
}

/**
 * The rules whose outcome depends on colours: all a theme changes. The themes differ only in the
 * values of the colour properties (no element is shown or hidden by a theme), so after the toggle
 * the structural rules would repeat the first run's answers; these run on the whole page again,
 * and every rule on the toggle itself, whose name and icon did change.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export async function violationsAfterToggle(page: Page): Promise<string[]> {
  return [
    ...(await violations(page, undefined, { rules: COLOUR_RULES })),
    ...(await violations(page, undefined, { within: 'theme-toggle' })),
  ];
}

/**
 * Loads a page and lets its islands settle. It must answer the status its kind names (200 unless
 * the kind is a not-found page): a page that errors has nothing of the page to check.
 */
export async function load(page: Page, path: string, status = 200) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(status);
  await hydrated(page, { client: 'load' });
  // Let the islands' first fetches land, but a page that keeps a request open (a live poll) is checked as it is.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
}

/**
 * Switches the theme with the page's own toggle (the header's; on a phone the menu's, hidden until
 * opened, takes the same click), as a visitor does: no reload, and the choice is stored, so the next
 * page opens in it. Returns the theme now shown.
 */
async function toggleTheme(page: Page): Promise<'dark' | 'light'> {
  const { pressed, before, after } = await page.evaluate(() => {
    const theme = () => document.documentElement.getAttribute('data-theme') ?? 'dark';
    const before = theme();
    const button = document.querySelector<HTMLButtonElement>('theme-toggle button');
    button?.click();
    // Links fade to their new colours (CSS transitions): what a visitor reads is where they settle,
    // so each is taken to its end at once (no frames drawn on the way). One that never ends would be
    // left to the axe run as it is.
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // An endless animation cannot finish.
      }
    }
    return { pressed: Boolean(button), before, after: theme() };
  });
  expect(pressed, `${page.url()} has a theme toggle`).toBe(true);
  expect(after, `${page.url()}: the toggle switched the theme`).not.toBe(before);
  return after === 'light' ? 'light' : 'dark';
}

/**
 * What the page's own run reported besides axe: Content-Security-Policy violations (seen by a
 * listener the context adds before any page script) and console errors (Lighthouse's best
 * practices count any). Cleared for the next page.
 */
async function reported(page: Page, consoleErrors: string[], status: number): Promise<string[]> {
  const csp = await page.evaluate(() => {
    const w = window as unknown as { __csp?: string[] };
    const seen = w.__csp ?? [];
    w.__csp = [];
    return seen;
  });
  // A page that answers 404 logs its own status; that line is the page working.
  const errors = consoleErrors.splice(0).filter((text) => !(status === 404 && /status of 404/.test(text)));
  return [...csp.map((v) => `CSP: ${v}`), ...errors];
}

/** Brings each island still waiting into view (client:visible ones hydrate then) and waits for all of them: each must hydrate under the CSP. */
async function everyIslandHydrated(page: Page): Promise<{ islands: number; stillSsr: number }> {
  await revealWaitingIslands(page);
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'), undefined, { ...POLL, timeout: 15_000 }).catch(() => {});
  return page.evaluate(() => ({
    islands: document.querySelectorAll('astro-island').length,
    stillSsr: document.querySelectorAll('astro-island[ssr]').length,
  }));
}

/** A browser context for the axe walk: axe-core in every page (withAxe), and a CSP listener added before any script of the page runs, so a blocked inline script is seen too. */
export async function axeContext(browser: Browser, base: string, viewport: { width: number; height: number }, signedIn = false) {
  const context = await withAxe(await newContext(browser, base, { viewport, signedIn }));
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`),
    );
  });
  return context;
}

/** Lets a resized page settle: two frames, so resize observers have run and what they changed is laid out. */
async function settled(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Loads each page once and checks it at both widths: at each, axe in the theme it shows, then the
 * colour rules in the other (the page's own toggle); then every island brought into view and
 * hydrated, with no CSP violation and no console error. Returns what was found (empty when all is
 * well) and what was seen: the themes checked at each width.
 */
export async function axeWalk(page: Page, kinds: Array<{ path: string; status: number }>) {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy|Refused to/i.test(m.text())) consoleErrors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  const found: string[] = [];
  const themes: Record<string, { dark: number; light: number }> = {};
  let hydratedIslands = 0;
  for (const [i, kind] of kinds.entries()) {
    const widths = i % 2 === 0 ? [AXE_DESKTOP, AXE_PHONE] : [AXE_PHONE, AXE_DESKTOP];
    for (const [j, viewport] of widths.entries()) {
      await page.setViewportSize(viewport);
      if (j === 0) await load(page, kind.path, kind.status);
      else await settled(page);
      const at = `${kind.path} at ${viewport.width}`;
      const shown = (await page.getAttribute('html', 'data-theme')) === 'light' ? 'light' : 'dark';
      found.push(...(await violations(page)).map((v) => `${at} (${shown}): ${v}`));
      const switched = await toggleTheme(page);
      found.push(...(await violationsAfterToggle(page)).map((v) => `${at} (${switched}): ${v}`));
      const seen = (themes[viewport.width] ??= { dark: 0, light: 0 });
      seen[shown]++;
      seen[switched]++;
    }
    const { islands, stillSsr } = await everyIslandHydrated(page);
    hydratedIslands += islands - stillSsr;
    if (stillSsr > 0) found.push(`${kind.path}: ${stillSsr} of ${islands} islands did not hydrate`);
    found.push(...(await reported(page, consoleErrors, kind.status)).map((v) => `${kind.path}: ${v}`));
  }
  return { found, themes, hydratedIslands };
}

/** One half of the page kinds (every other one, so each half has its share of the long pages and of the admin's). */
export function axeKinds(half: 0 | 1) {
  return PAGE_KINDS.filter((_, i) => i % 2 === half);
}

/** The page kinds of one half, signed out and in, both themes at both widths. */
export function axePages(kinds: typeof PAGE_KINDS, browser: () => Browser) {
  const base = inject('baseUrl');
  describe('axe on every page kind at 1440 and 390 px', () => {
    for (const signedIn of [false, true]) {
      const share = kinds.filter((k) => Boolean(k.signedIn) === signedIn);
      const title = `${signedIn ? 'signed-in' : 'public'} pages, dark and light: ${share.map((k) => k.name).join(', ')}`;
      it(title, { timeout: 420_000 }, async () => {
        const context = await axeContext(browser(), base, AXE_DESKTOP, signedIn);
        const { found, themes, hydratedIslands } = await axeWalk(await context.newPage(), share);
        expect(found).toEqual([]);
        const both = { dark: share.length, light: share.length };
        expect(themes).toEqual({ [AXE_DESKTOP.width]: both, [AXE_PHONE.width]: both });
        // The public pages have islands (the admin settings page may have none): the walk saw them hydrate.
        if (!signedIn) expect(hydratedIslands, 'islands hydrated on the way').toBeGreaterThan(0);
        await context.close();
      });
    }
  });
}

/** The header menus and the admin editor and SEO form, open, at one width. */
export function axeOpenParts(label: string, viewport: { width: number; height: number }, browser: () => Browser) {
  const base = inject('baseUrl');
  const desktop = viewport.width >= 1024;
  const open = (signedIn: boolean) => axeContext(browser(), base, viewport, signedIn);
  describe(`axe at ${label} px, menus and forms open`, () => {
    it('header menus open', { timeout: 120_000 }, async () => {
      for (const signedIn of [false, true]) {
        const context = await open(signedIn);
        const page = await context.newPage();
        await load(page, '/stablecoins');
        await hydrated(page);
        const found: string[] = [];
        if (desktop) {
          await page.getByRole('button', { name: 'Asset Classes' }).click();
          await page.getByRole('menu').waitFor();
          found.push(...(await violations(page)).map((v) => `asset classes menu: ${v}`));
          await page.keyboard.press('Escape');
          if (signedIn) {
            await page.getByRole('button', { name: /^User menu for / }).click();
            await page.getByRole('menu').waitFor();
            found.push(...(await violations(page)).map((v) => `user menu: ${v}`));
            await page.keyboard.press('Escape');
          }
        } else {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByRole('dialog').waitFor();
          found.push(...(await violations(page)).map((v) => `mobile drawer${signedIn ? ' (signed in)' : ''}: ${v}`));
          await screenshot(page, `axe-drawer-${label}${signedIn ? '-signed-in' : ''}`);
        }
        expect(found).toEqual([]);
        await context.close();
      }
    });

    it('admin editor and SEO form open', { timeout: 120_000 }, async () => {
      const context = await open(true);
      const page = await context.newPage();
      const found: string[] = [];
      await load(page, '/admin');
      await page.getByRole('button', { name: 'Create Research' }).click();
      await page.getByRole('heading', { name: 'Create Research Article' }).waitFor();
      // With the list of uploaded images open, an image in it (a draft's: the admin's alone).
      const uploaded = await context.request.post('/api/uploads', { headers: { 'Content-Type': 'image/png' }, data: makePng(40, 21) });
      expect(uploaded.status()).toBe(201);
      await page.getByRole('button', { name: 'Choose from uploads' }).click();
      const picker = page.getByTestId('media-picker');
      await picker.waitFor();
      await picker.getByText('Loading uploaded images...').waitFor({ state: 'detached' });
      found.push(...(await violations(page)).map((v) => `research editor: ${v}`));
      await screenshot(page, `axe-editor-${label}`, true);
      await load(page, '/admin/seo');
      await page
        .getByRole('button', { name: /^Edit SEO for / })
        .first()
        .click();
      await page.getByLabel('Meta Title').first().waitFor();
      found.push(...(await violations(page)).map((v) => `seo form: ${v}`));
      expect(found).toEqual([]);
      await context.close();
    });
  });
}
