import { describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hydrated, newContext, screenshot } from '../support/browser.ts';
import { PAGE_KINDS } from './page-kinds.ts';
import { makePng } from '../support/images.ts';

/**
 * axe-core in Chromium on every page kind, at 1440x900 and 390x844 (a common laptop and phone, the
 * sizes visitors found failures at), with the header menus closed and open, signed out and (for the admin, its editor and SEO form) signed in: zero violations, every
 * rule axe runs by default (WCAG 2.x A and AA, and its best practices) and target-size; the pages
 * that visitors found failing also at 360 px under WCAG 2.2 AA. One spec file per width (axe-desktop, axe-phone):
 * at about 75 s each they are the longest browser files, and as two they run side by side on the
 * two browser workers instead of one after the other at the end of the lane. A width replaces
 * another rather than joining it: each width is a whole pass over every page kind.
 */

/** The axe suites' widths: a common laptop and a common phone. */
export const AXE_DESKTOP = { width: 1440, height: 900 };
export const AXE_PHONE = { width: 390, height: 844 };

/** A variant of the pages to check (a theme, a stored preference): set up on each new context. */
export interface AxeVariant {
  /** Added to the suite's name ('light'). */
  label?: string;
  /** Runs on each new context before its first page opens (cookies, init scripts, storage). */
  setup?: (context: BrowserContext) => Promise<void>;
  /** Runs on each page after it loads: proves the variant took (a pass that silently checked the default proves nothing). */
  verify?: (page: Page, path: string) => Promise<void>;
  /** Only these page kinds (by name), and neither the menus nor the admin forms: a second pass kept short. */
  kinds?: string[];
}

/**
 * Every rule axe runs by default, and target-size (WCAG 2.2's 24 px targets, off by default in axe):
 * visitors found it on the issuer links of /treasuries.
 */
export async function violations(page: Page, tags?: string[]): Promise<string[]> {
  // Legacy mode runs axe in each frame and merges there, instead of opening a blank page per call to
  // merge the frames' results; only violations are collected (the passes' node lists are most of
  // axe's work). Three to five times faster per page, the same rules and the same violations.
  const builder = new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } }, resultTypes: ['violations'] })
    .setLegacyMode(true);
  const { violations: found } = await (tags ? builder.withTags(tags) : builder).analyze();
  return found.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
  );
}

/**
 * Loads a page and lets its islands settle (the charts hydrate when visible). It must answer the
 * status its kind names (200 unless the kind is a not-found page): a page that errors has nothing of
 * the page to check.
 */
export async function load(page: Page, path: string, status = 200) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(status);
  await page.waitForLoadState('networkidle');
  await hydrated(page, { client: 'load' });
}

/** The axe suites at one width: every page kind signed out and in, the header menus, the admin forms. */
export function axeAt(label: string, viewport: { width: number; height: number }, browser: () => Browser, variant: AxeVariant = {}) {
  const base = inject('baseUrl');
  const desktop = viewport.width >= 1024;
  const open = async (signedIn: boolean) => {
    const context = await newContext(browser(), base, { viewport, signedIn });
    await variant.setup?.(context);
    return context;
  };
  describe(`axe at ${label} px${variant.label ? ` (${variant.label})` : ''}`, () => {
    for (const signedIn of [false, true]) {
      const kinds = PAGE_KINDS.filter((k) => Boolean(k.signedIn) === signedIn && (!variant.kinds || variant.kinds.includes(k.name)));
      if (kinds.length === 0) continue;
      it(`${signedIn ? 'signed-in' : 'public'} pages: ${kinds.map((k) => k.name).join(', ')}`, { timeout: 420_000 }, async () => {
        const context = await open(signedIn);
        const page = await context.newPage();
        const found: string[] = [];
        for (const kind of kinds) {
          await load(page, kind.path, kind.status);
          await variant.verify?.(page, kind.path);
          found.push(...(await violations(page)).map((v) => `${kind.path}: ${v}`));
        }
        expect(found).toEqual([]);
        await context.close();
      });
    }

    if (variant.kinds) {
      // Every name must be a page kind: a renamed kind would otherwise drop out of the pass unseen.
      it('names only known page kinds', () => {
        expect(variant.kinds?.filter((name) => !PAGE_KINDS.some((k) => k.name === name))).toEqual([]);
      });
      return;
    }

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
