import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, newContext, type OpenOptions } from './browser.ts';

export interface Visit {
  page: Page;
  /** The HTTP status of the page itself (undefined for a move within the same document). */
  status: number | undefined;
  /** Uncaught page errors since this visit began. */
  errors: string[];
}

interface SharedTab {
  readonly context: BrowserContext;
  readonly page: Page;
  /**
   * Navigates the tab to `path`, at `viewport` (else the tab's own size, set back after a visit at
   * another), waiting for `waitUntil` ('load' unless told: 'commit' returns once the page arrives).
   */
  visit: (path: string, options?: { viewport?: { width: number; height: number }; waitUntil?: 'load' | 'commit' }) => Promise<Visit>;
}

/**
 * One context and one tab for the calling describe (opened in beforeAll, closed in afterAll), moved
 * from page to page with `visit`. A new tab costs a renderer process before it loads anything, and a
 * new context loads the site's fonts, styles and scripts again; navigating an open tab costs only
 * the load. For visits that leave nothing behind that the next one could read: a test whose state
 * matters (cookies, storage, routes, init scripts, permissions, a first visit) opens its own page, or
 * shares a tab only with tests that need the very same `setup`.
 */
export function useSharedTab(browser: () => Browser, baseUrl: string, options: OpenOptions = {}): SharedTab {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let errors: string[] = [];
  const size = options.viewport ?? DESKTOP;
  beforeAll(async () => {
    context = await newContext(browser(), baseUrl, options);
    await options.setup?.(context);
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await context?.close();
  });
  const opened = () => {
    if (!page || !context) throw new Error('useSharedTab(): the tab opens in beforeAll, use it inside a test');
    return { page, context };
  };
  return {
    get context() {
      return opened().context;
    },
    get page() {
      return opened().page;
    },
    visit: async (path, { viewport = size, waitUntil = 'load' } = {}) => {
      const { page } = opened();
      const now = page.viewportSize();
      if (now?.width !== viewport.width || now.height !== viewport.height) await page.setViewportSize(viewport);
      // A path that differs from the tab's only by its #fragment would only scroll: load it afresh.
      const [from, to] = [new URL(page.url()), new URL(path, baseUrl)];
      if (to.hash && from.origin + from.pathname + from.search === to.origin + to.pathname + to.search) await page.goto('about:blank');
      errors = [];
      const visitErrors = errors;
      const response = await page.goto(path, { waitUntil });
      return { page, status: response?.status(), errors: visitErrors };
    },
  };
}
