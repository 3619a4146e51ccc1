/**
 * Server security that needs servers of its own: login throttling under parallel attempts, an
 * attacker who cannot lock the admin out, X-Forwarded-For believed only from configured proxies,
 * the Secure cookie and HSTS from an https origin behind a plain-http socket, /_image that never
 * loads an image library, and a malformed configuration that stops the start with one line.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startServer, type RunningServer } from '../support/server.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { raw, recordFigures } from './support.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const servers: RunningServer[] = [];
const figures: Record<string, number | string> = {};

async function fresh(env: Record<string, string> = {}) {
  const s = await startServer({ env });
  servers.push(s);
  return s;
}

afterAll(async () => {
  for (const s of servers) await s.kill();
  for (const d of new Set(servers.map((s) => s.dir))) rmSync(d, { recursive: true, force: true });
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

describe('login throttling', () => {
  it('twelve parallel wrong passwords for one username: at most five are checked', async () => {
    const s = await fresh();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt(s.baseUrl, 'admin', `parallel-${i}`, '127.0.0.20').then((r) => r.status)),
    );
    expect(statuses.filter((x) => x === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(7);
    expect(statuses.every((x) => x === 401 || x === 429)).toBe(true);
    figures.parallelWrongPasswords = `${statuses.filter((x) => x === 401).length} of 12 checked`;
  });

  it('an attacker hammering the admin account cannot lock the real admin out, who is then told about it', async () => {
    const s = await fresh();
    const attacker = '127.0.0.30';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(s.baseUrl, 'ADMIN', `guess-${i}`, attacker)).status);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    const paused = await attempt(s.baseUrl, 'admin', 'guess-more', attacker);
    expect(JSON.parse(paused.body).message).toMatch(/^Too many failed sign-in attempts from your address/);
    expect(paused.headers['retry-after']).toBe('900');

    // The real admin, elsewhere, still gets in, and hears how many tries were made on the account.
    const admin = await attempt(s.baseUrl, TEST_ADMIN.username, TEST_ADMIN.password, '127.0.0.31');
    expect(admin.status).toBe(200);
    expect(JSON.parse(admin.body)).toMatchObject({ username: TEST_ADMIN.username, failedAttempts: 5 });
    // Told once.
    const again = await attempt(s.baseUrl, TEST_ADMIN.username, TEST_ADMIN.password, '127.0.0.31');
    expect(JSON.parse(again.body).failedAttempts).toBe(0);
    figures.adminUnderAttack = 'attacker paused after 5, admin signs in from another address';
  });

  it('guessing from many addresses gets five tries at each, and cannot lock the owner out', async () => {
    // Was: a ceiling of 50 per username across addresses, which any guesser could fill to lock the
    // owner out. Now each address has its own five tries on the account, and no more.
    const s = await fresh();
    const statuses: number[] = [];
    for (let a = 0; a < 11; a++)
      for (let i = 0; i < 6; i++) statuses.push((await attempt(s.baseUrl, 'admin', `spread-${a}-${i}`, `127.0.1.${a + 1}`)).status);
    for (let a = 0; a < 11; a++) expect(statuses.slice(a * 6, a * 6 + 6)).toEqual([401, 401, 401, 401, 401, 429]);
    const owner = await attempt(s.baseUrl, TEST_ADMIN.username, TEST_ADMIN.password, '127.0.1.200');
    expect(owner.status).toBe(200);
    expect(JSON.parse(owner.body).failedAttempts).toBe(55);
  });

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    // Without TRUSTED_PROXIES, a client cannot rotate the address it is counted under.
    const direct = await fresh();
    const spoofed: number[] = [];
    for (let i = 0; i < 7; i++)
      spoofed.push((await attempt(direct.baseUrl, 'admin', `x-${i}`, '127.0.0.40', { 'X-Forwarded-For': `198.51.100.${i}` })).status);
    expect(spoofed.slice(5)).toEqual([429, 429]);

    // Behind a configured proxy (127.0.0.50), each forwarded client is counted on its own...
    const proxied = await fresh({ TRUSTED_PROXIES: '127.0.0.50' });
    const viaProxy = (i: number, client: string) =>
      attempt(proxied.baseUrl, 'admin', `p-${i}`, '127.0.0.50', { 'X-Forwarded-For': `203.0.113.66, ${client}` });
    const first: number[] = [];
    for (let i = 0; i < 6; i++) first.push((await viaProxy(i, '198.51.100.1')).status);
    expect(first).toEqual([401, 401, 401, 401, 401, 429]);
    // ...so another client behind the same proxy is not paused, and a prepended fake address changes nothing.
    expect((await viaProxy(7, '198.51.100.2')).status).toBe(401);
    expect(
      (await attempt(proxied.baseUrl, TEST_ADMIN.username, TEST_ADMIN.password, '127.0.0.50', { 'X-Forwarded-For': '198.51.100.3' }))
        .status,
    ).toBe(200);
  });
});

describe('behind a TLS proxy (SITE_URL https, plain http socket)', () => {
  it('marks the session cookies Secure and sends HSTS', async () => {
    const s = await fresh({ SITE_URL: 'https://rwa.example' });
    const res = await attempt(s.baseUrl, TEST_ADMIN.username, TEST_ADMIN.password, '127.0.0.70', {}, 'https://rwa.example');
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
    expect((await raw(s.baseUrl, '/treasuries')).body).toContain('<meta property="og:url" content="https://rwa.example/treasuries"');
    // A write that names the socket's origin is not this site's.
    expect((await attempt(s.baseUrl, 'admin', 'x', '127.0.0.71')).status).toBe(403);
  });
});

describe('/_image', () => {
  it('answers 404 and never loads an image library into the server', async () => {
    const s = await fresh();
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

describe('configuration checked at start', () => {
  const start = (env: Record<string, string>) =>
    new Promise<{ code: number | null; stderr: string; stdout: string }>((ok) => {
      const child = spawn(process.execPath, ['scripts/serve.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: '4999',
          DATABASE_URL: 'file:/nonexistent-dir-for-test/app.db',
          QUIET_START: '1',
          SITE_URL: '',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.stdout.on('data', (d) => (stdout += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        ok({ code, stderr, stdout });
      });
    });

  for (const [name, value] of [
    ['PORT', 'abc'],
    ['SITE_URL', 'notaurl'],
    ['DATABASE_URL', 'mysql://localhost/app'],
    ['TRUSTED_PROXIES', 'my-proxy'],
    ['CONTENT_GIT', 'yes'],
    ['CONTENT_GIT_REMOTE', 'http://git.example.com/site.git'],
    ['INGEST_SCHEDULE', 'every day at noon'],
    ['INGEST_MAX_CHANGE', '0'],
    ['DEFILLAMA_STABLECOINS_URL', 'stablecoins.llama.fi'],
    ['INGEST_RPC_TIMEOUT_MS', '30s'],
    // Named by the registry (rpcEnv), not by the schema: checked at start all the same.
    ['RPC_URL_ETHEREUM', 'mainnet.example/v2/key'],
  ]) {
    it(`${name}=${value} stops the start with one line naming ${name}`, async () => {
      const { code, stderr, stdout } = await start({ [name]: value });
      expect(code).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
      expect(stdout).toBe('');
    });
  }

  it('an RPC URL is not echoed in the message (provider URLs carry API keys)', async () => {
    const { code, stderr } = await start({ RPC_URL_POLYGON: 'polygon.example/v2/hunter2' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Invalid environment variable RPC_URL_POLYGON: expected an http(s) JSON-RPC URL.');
  });

  it('npm run db:setup checks the same way', async () => {
    const child = spawn(process.execPath, ['scripts/db-setup.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'abc' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((ok) => child.on('exit', ok));
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Invalid environment variable PORT: [^\n]+$/);
  });
});
