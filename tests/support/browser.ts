import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { loginCookie } from './http.ts';

import { CHROMIUM_FLAGS, resolveChromium } from '../../scripts/lib/chromium.ts';

/**
 * Headless Chromium (the system's, or the one @sparticuz/chromium ships in npm), with the flags that
 * keep it off the (closed) network. A missing browser throws: the tests fail, they never skip.
 */
export async function launchBrowser(): Promise<Browser> {
  const { path, env } = await resolveChromium();
  return chromium.launch({ executablePath: path, args: CHROMIUM_FLAGS, env: { ...process.env, ...env } as Record<string, string> });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

export interface ContextOptions {
  viewport?: { width: number; height: number };
  /** Start signed in as the test admin (session made through the real login API). */
  signedIn?: boolean;
}

export async function newContext(browser: Browser, baseUrl: string, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP, baseURL: baseUrl });
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

/** Saves a screenshot under test-results/screenshots for people to look at. */
export async function screenshot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SHOTS, `${name}.png`), fullPage });
}

/** Waits until every island on the page has hydrated (Astro removes the `ssr` attribute then). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
}
