/**
 * The CSP in Chromium: each page kind loads (desktop, phone, signed in), its islands still hydrate,
 * and no page reports a CSP violation or a console error. The headers themselves (the CSP covering
 * each inline script, frame-ancestors, nosniff, no-store) are checked over HTTP in security.test.ts,
 * on a server that suite already starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { pagesToCheck, recordFigures, type PageToCheck } from './support.ts';

let server: RunningServer;
let base: string;
const pages: PageToCheck[] = [];

beforeAll(async () => {
  server = await startServer();
  base = server.baseUrl;
  pages.push(...(await pagesToCheck(base)));
});

afterAll(async () => {
  await server?.stop();
});

describe('security headers', () => {
  it('in Chromium, islands hydrate under the CSP and no page reports a violation', { timeout: 240_000 }, async () => {
    const browser = await launchBrowser();
    let hydrated = 0;
    const violations: string[] = [];
    try {
      // Desktop, then a phone (the mobile drawer and Lighthouse's mobile preset), then signed in.
      for (const [signedIn, viewport] of [
        [false, { width: 1280, height: 800 }],
        [false, { width: 412, height: 823 }],
        [true, { width: 1280, height: 800 }],
      ] as const) {
        const context = await newContext(browser, base, { viewport, signedIn });
        await context.addInitScript(() => {
          (window as unknown as { __csp: string[] }).__csp = [];
          document.addEventListener('securitypolicyviolation', (e) => {
            (window as unknown as { __csp: string[] }).__csp.push(
              `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
            );
          });
        });
        for (const p of pages.filter((x) => x.signedIn === signedIn)) {
          const page = await context.newPage();
          const problems: string[] = [];
          page.on('console', (m) => {
            // CSP reports, and any console error at all (Lighthouse's best-practices counts them).
            if (p.status === 404 && /status of 404/.test(m.text())) return; // the 404 page's own status
            if (/Content Security Policy|Refused to/i.test(m.text()) || m.type() === 'error')
              problems.push(`${m.text()} @${JSON.stringify(m.location())}`);
          });
          page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
          await page.goto(base + p.path, { waitUntil: 'load' });
          // Bring every client:visible island into view, then give client:idle ones their turn.
          await page.evaluate(async () => {
            for (let y = 0; y < document.body.scrollHeight; y += 400) {
              window.scrollTo(0, y);
              await new Promise((r) => setTimeout(r, 50));
            }
          });
          await page
            .waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, undefined, { timeout: 15_000 })
            .catch(() => {});
          const stillSsr = await page.locator('astro-island[ssr]').count();
          const islands = await page.locator('astro-island').count();
          hydrated += islands - stillSsr;
          const seen = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
          for (const v of [...seen, ...problems]) violations.push(`${p.path} (${viewport.width}px): ${v}`);
          expect(stillSsr, `${p.path}: ${stillSsr} of ${islands} islands did not hydrate`).toBe(0);
          await page.close();
        }
        await context.close();
      }
    } finally {
      await browser.close();
    }
    recordFigures('csp', { pagesInChromium: pages.length, islandsHydrated: hydrated, violations: violations.length });
    expect(violations).toEqual([]);
    expect(hydrated).toBeGreaterThan(0);
  });
});
