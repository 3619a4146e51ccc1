/**
 * Server security that needs servers of its own: login throttling under parallel attempts, an
 * attacker who cannot lock the admin out, X-Forwarded-For believed only from configured proxies,
 * the Secure cookie and HSTS from an https origin behind a plain-http socket, /_image that never
 * loads an image library, the security headers of every page kind, and a malformed configuration
 * that stops the start with one line.
 *
 * Two servers, started side by side: one as a plain start configures it, and one behind a TLS proxy
 * that is also the trusted proxy (SITE_URL https, TRUSTED_PROXIES), as such a deployment is set up.
 * Each test guesses from addresses of its own, so the per-address limits of one never reach another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { childNodeOptions, startServer, type RunningServer } from '../support/server.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { login, raw, recordFigures } from './support.ts';
import { PAGE_KINDS } from '../e2e/page-kinds.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SITE = 'https://rwa.example';
const PROXY = '127.0.0.50';
const figures: Record<string, number | string> = {};
/** A plain start (no SITE_URL, no trusted proxy). */
let plain: RunningServer;
/** Behind a TLS proxy at PROXY: SITE_URL https, plain http socket, TRUSTED_PROXIES=PROXY. */
let proxied: RunningServer;

beforeAll(async () => {
  [plain, proxied] = await Promise.all([startServer(), startServer({ env: { SITE_URL: SITE, TRUSTED_PROXIES: PROXY } })]);
});

afterAll(async () => {
  const servers = [plain, proxied].filter(Boolean);
  await Promise.all(servers.map((s) => s.kill()));
  for (const s of servers) rmSync(s.dir, { recursive: true, force: true });
  recordFigures('security', figures);
});

function attempt(
  base: string,
  username: string,
  password: string,
  localAddress: string,
  headers: Record<string, string> = {},
  origin = base,
) {
  return raw(base, '/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
    body: JSON.stringify({ username, password }),
    localAddress,
  });
}

/**
 * The owner signs in once from `address`: the failures the next sign-in reports are then this
 * test's own, not those other tests on the same server made at the account.
 */
async function settleOwner(base: string, address: string) {
  expect((await attempt(base, TEST_ADMIN.username, TEST_ADMIN.password, address)).status).toBe(200);
}

describe('login throttling', () => {
  it('twelve parallel wrong passwords for one username: at most five are checked', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt(plain.baseUrl, 'admin', `parallel-${i}`, '127.0.0.20').then((r) => r.status)),
    );
    expect(statuses.filter((x) => x === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(7);
    expect(statuses.every((x) => x === 401 || x === 429)).toBe(true);
    figures.parallelWrongPasswords = `${statuses.filter((x) => x === 401).length} of 12 checked`;
  });

  it('an attacker hammering the admin account cannot lock the real admin out, who is then told about it', async () => {
    const base = plain.baseUrl;
    await settleOwner(base, '127.0.0.31');
    const attacker = '127.0.0.30';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(base, 'ADMIN', `guess-${i}`, attacker)).status);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    const paused = await attempt(base, 'admin', 'guess-more', attacker);
    expect(JSON.parse(paused.body).message).toMatch(/^Too many failed sign-in attempts from your address/);
    expect(paused.headers['retry-after']).toBe('900');

    // The real admin, elsewhere, still gets in, and hears how many tries were made on the account.
    const admin = await attempt(base, TEST_ADMIN.username, TEST_ADMIN.password, '127.0.0.31');
    expect(admin.status).toBe(200);
    expect(JSON.parse(admin.body)).toMatchObject({ username: TEST_ADMIN.username, failedAttempts: 5 });
    // Told once.
    const again = await attempt(base, TEST_ADMIN.username, TEST_ADMIN.password, '127.0.0.31');
    expect(JSON.parse(again.body).failedAttempts).toBe(0);
    figures.adminUnderAttack = 'attacker paused after 5, admin signs in from another address';
  });

  it('guessing from many addresses gets five tries at each, and cannot lock the owner out', async () => {
    // Was: a ceiling of 50 per username across addresses, which any guesser could fill to lock the
    // owner out. Now each address has its own five tries on the account, and no more. The addresses
    // guess side by side, each in order.
    const base = plain.baseUrl;
    await settleOwner(base, '127.0.1.200');
    const perAddress = await Promise.all(
      Array.from({ length: 11 }, async (_, a) => {
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) statuses.push((await attempt(base, 'admin', `spread-${a}-${i}`, `127.0.1.${a + 1}`)).status);
        return statuses;
      }),
    );
    for (const statuses of perAddress) expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const owner = await attempt(base, TEST_ADMIN.username, TEST_ADMIN.password, '127.0.1.200');
    expect(owner.status).toBe(200);
    expect(JSON.parse(owner.body).failedAttempts).toBe(55);
  });

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    // Without TRUSTED_PROXIES, a client cannot rotate the address it is counted under.
    const spoofed: number[] = [];
    for (let i = 0; i < 7; i++)
      spoofed.push((await attempt(plain.baseUrl, 'admin', `x-${i}`, '127.0.0.40', { 'X-Forwarded-For': `198.51.100.${i}` })).status);
    expect(spoofed.slice(5)).toEqual([429, 429]);

    // Behind a configured proxy, each forwarded client is counted on its own...
    const viaProxy = (i: number, client: string) =>
      attempt(proxied.baseUrl, 'admin', `p-${i}`, PROXY, { 'X-Forwarded-For': `203.0.113.66, ${client}` }, SITE);
    const first: number[] = [];
    for (let i = 0; i < 6; i++) first.push((await viaProxy(i, '198.51.100.1')).status);
    expect(first).toEqual([401, 401, 401, 401, 401, 429]);
    // ...so another client behind the same proxy is not paused, and a prepended fake address changes nothing.
    expect((await viaProxy(7, '198.51.100.2')).status).toBe(401);
    expect(
      (await attempt(proxied.baseUrl, TEST_ADMIN.username, TEST_ADMIN.password, PROXY, { 'X-Forwarded-For': '198.51.100.3' }, SITE)).status,
    ).toBe(200);
  });
});

describe('behind a TLS proxy (SITE_URL https, plain http socket)', () => {
  it('marks the session cookies Secure and sends HSTS', async () => {
    const s = proxied;
    const res = await attempt(s.baseUrl, TEST_ADMIN.username, TEST_ADMIN.password, '127.0.0.70', {}, SITE);
    expect(res.status).toBe(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.startsWith('rwa_session='))!;
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    for (const c of cookies) expect(c).toMatch(/;\s*Secure/i);
    for (const path of ['/', '/treasuries', '/api/auth/me']) {
      expect((await raw(s.baseUrl, path)).headers['strict-transport-security'], path).toMatch(/max-age=\d+/);
    }
    // The pre-rendered pages link to the configured origin too.
    expect((await raw(s.baseUrl, '/treasuries')).body).toContain(`<meta property="og:url" content="${SITE}/treasuries"`);
    // A write that names the socket's origin is not this site's.
    expect((await attempt(s.baseUrl, 'admin', 'x', '127.0.0.71')).status).toBe(403);
  });
});

describe('/_image', () => {
  it('answers 404 and never loads an image library into the server', async () => {
    const s = plain;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        raw(s.baseUrl, `/_image?href=/images/blog/welcome.jpg&w=1200&f=avif&q=9${i}`).then((r) => r.status),
      ),
    );
    expect(results).toEqual(Array(8).fill(404));
    expect((await raw(s.baseUrl, '/api/assets')).status).toBe(200);
    const maps = readFileSync(`/proc/${s.process.pid}/maps`, 'utf8');
    expect(maps).not.toMatch(/sharp|libvips/);
  });
});

function parseCsp(value: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/**
 * A real Content-Security-Policy header on every page kind (server-rendered and pre-rendered), every
 * inline script covered by a hash, frame-ancestors 'none', nosniff and Referrer-Policy everywhere,
 * no-store on /api/auth and admin responses. (That the pages still work under it, in Chromium, is
 * checked on the browser tests' walk of every page kind: tests/e2e/axe.ts.)
 */
describe('security headers', () => {
  let base: string;
  let cookie: string;
  // Every kind of page the site serves (the validators' list), each answering its status: none is dropped for missing.
  const pages = PAGE_KINDS;
  beforeAll(async () => {
    base = plain.baseUrl;
    cookie = await login(base);
  });

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
});

describe('configuration checked at start', () => {
  type Outcome = { code: number | null; stderr: string; stdout: string };
  const run = (script: string, env: Record<string, string>) =>
    new Promise<Outcome>((ok) => {
      const child = spawn(process.execPath, [script], {
        cwd: ROOT,
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: '4999',
          DATABASE_URL: 'file:/nonexistent-dir-for-test/app.db',
          QUIET_START: '1',
          SITE_URL: '',
          ...env,
          NODE_OPTIONS: childNodeOptions(),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.stdout.on('data', (d) => (stdout += d));
      // A start that goes on past its checks would serve: never let it outlive the test.
      const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        ok({ code, stderr, stdout });
      });
    });

  // The real start command stops on a malformed variable of the schema (parseConfig, run by
  // configOrExit before anything else loads) and on one named by the registry (rpcUrlProblem): one
  // of each here, and the database's. Each other variable's own check (SITE_URL, TRUSTED_PROXIES,
  // CONTENT_GIT, CONTENT_GIT_REMOTE, INGEST_SCHEDULE, INGEST_MAX_CHANGE, DEFILLAMA_STABLECOINS_URL,
  // INGEST_RPC_TIMEOUT_MS: a one-line message naming it) is the same parseConfig call on the same
  // start path, asserted in tests/unit/config.test.ts ('names the malformed variable in one line'),
  // without a Node process of its own for each.
  const BAD: Array<[string, string]> = [
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://localhost/app'],
    // Named by the registry (rpcEnv), not by the schema: checked at start all the same.
    ['RPC_URL_ETHEREUM', 'mainnet.example/v2/key'],
  ];
  // Each is the real start command with one bad variable: they share nothing, so they run side by
  // side, started before the first test reads its outcome.
  const outcomes = new Map<string, Promise<Outcome>>();
  beforeAll(() => {
    for (const [name, value] of BAD) outcomes.set(name, run('scripts/serve.ts', { [name]: value }));
    outcomes.set('RPC_URL_POLYGON', run('scripts/serve.ts', { RPC_URL_POLYGON: 'polygon.example/v2/hunter2' }));
    outcomes.set('db:setup', run('scripts/db-setup.ts', { PORT: 'abc' }));
  });
  afterAll(async () => {
    await Promise.all(outcomes.values());
  });

  for (const [name, value] of BAD) {
    it(`${name}=${value} stops the start with one line naming ${name}`, async () => {
      const { code, stderr, stdout } = await outcomes.get(name)!;
      expect(code).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
      expect(stdout).toBe('');
    });
  }

  it('an RPC URL is not echoed in the message (provider URLs carry API keys)', async () => {
    const { code, stderr } = await outcomes.get('RPC_URL_POLYGON')!;
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Invalid environment variable RPC_URL_POLYGON: expected an http(s) JSON-RPC URL.');
  });

  it('npm run db:setup checks the same way', async () => {
    const { code, stderr } = await outcomes.get('db:setup')!;
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Invalid environment variable PORT: [^\n]+$/);
  });
});
