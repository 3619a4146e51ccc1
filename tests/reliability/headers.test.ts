/**
 * Headers: a real Content-Security-Policy header on every page (server-rendered and pre-rendered),
 * every inline script covered by a hash, frame-ancestors 'none' for /admin, nosniff and
 * Referrer-Policy everywhere, no-store on /api/auth and admin responses. Then Chromium loads each
 * page: islands still hydrate and the page reports no CSP violation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { launchBrowser, newContext } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { login, raw, recordFigures } from './support.ts';

let server: RunningServer;
let base: string;
let cookie: string;
const pages: Array<{ path: string; signedIn: boolean; status: number }> = [];

const PUBLIC = [
  '/',
  '/login',
  '/networks',
  '/stablecoins',
  '/treasuries',
  '/commodities',
  '/private-credit',
  '/global-bonds',
  '/institutional-funds',
  '/stocks',
  '/research',
  '/sources',
];

function parseCsp(value: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

beforeAll(async () => {
  server = await startServer();
  base = server.baseUrl;
  cookie = await login(base);
  // Every page listed is checked, and must answer its status (the first test): none is dropped for missing.
  for (const path of PUBLIC) pages.push({ path, signedIn: false, status: 200 });
  const sitemap = (await raw(base, '/sitemap.xml')).body;
  for (const kind of ['blog', 'research']) {
    const m = sitemap.match(new RegExp(`<loc>[^<]*?(/${kind}/[^<]+)</loc>`));
    if (!m) throw new Error(`no /${kind}/ page in the sitemap`);
    pages.push({ path: m[1], signedIn: false, status: 200 });
  }
  pages.push({ path: '/no-such-page-here', signedIn: false, status: 404 });
  for (const path of ['/admin', '/admin/seo']) pages.push({ path, signedIn: true, status: 200 });
});

afterAll(async () => {
  await server?.stop();
});

describe('security headers', () => {
  it('every page carries an enforced CSP header that covers each inline script', async () => {
    let inlineScripts = 0;
    for (const p of pages) {
      const res = await raw(base, p.path, { headers: p.signedIn ? { Cookie: cookie } : {} });
      expect(res.status, p.path).toBe(p.status);
      const header = res.headers['content-security-policy'];
      expect(header, `${p.path} has a CSP header`).toBeTypeOf('string');
      const csp = parseCsp(header as string);
      const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? [];
      expect(scriptSrc, p.path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, p.path).not.toContain("'unsafe-eval'");
      expect(csp.get('object-src'), p.path).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), p.path).toEqual(["'none'"]);
      expect(csp.get('base-uri'), p.path).toBeDefined();
      // Every inline script that runs (not a JSON data block) is allowed by its hash, none by luck.
      for (const m of res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
        const type = /type="([^"]+)"/.exec(m[1])?.[1];
        if (type && type !== 'module' && type !== 'text/javascript') continue;
        inlineScripts++;
        const digest = `'sha256-${createHash('sha256').update(m[2]).digest('base64')}'`;
        expect(scriptSrc, `${p.path}: inline script ${m[2].slice(0, 60)}`).toContain(digest);
      }
      // Inline event handlers would be blocked (script-src-attr): none may be in the markup.
      expect(res.body.match(/<[^>]+\son[a-z]+\s*=\s*["'][^"']/gi) ?? [], p.path).toEqual([]);
      expect(res.headers['x-content-type-options'], p.path).toBe('nosniff');
      expect(res.headers['referrer-policy'], p.path).toBe('strict-origin-when-cross-origin');
    }
    recordFigures('headers', { pagesChecked: pages.length, inlineScriptsHashed: inlineScripts });
  });

  it('/admin cannot be framed and is never cached', async () => {
    for (const path of ['/admin', '/admin/seo']) {
      for (const signedIn of [true, false]) {
        const res = await raw(base, path, { headers: signedIn ? { Cookie: cookie } : {} });
        if (res.status === 404) continue;
        expect(res.headers['cache-control'], `${path} signedIn=${signedIn}`).toBe('no-store');
        expect(res.headers['x-frame-options']).toBe('DENY');
        if (res.status === 200) expect(parseCsp(String(res.headers['content-security-policy'])).get('frame-ancestors')).toEqual(["'none'"]);
      }
    }
  });

  it('/api/auth responses are never cached', async () => {
    const responses = [
      await raw(base, '/api/auth/me'),
      await raw(base, '/api/auth/me', { headers: { Cookie: cookie } }),
      await raw(base, '/api/auth/login', {
        method: 'POST',
        headers: { Origin: base, 'Content-Type': 'application/json' },
        body: '{"username":"admin","password":"wrong"}',
      }),
      await raw(base, '/api/auth/login', { method: 'POST', headers: { Origin: base, 'Content-Type': 'text/plain' }, body: 'x' }),
      await raw(base, '/api/auth/logout', { method: 'POST', headers: { Origin: base, Cookie: await login(base) } }),
      await raw(base, '/login'),
    ];
    for (const res of responses) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

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
