/**
 * Auth attacks: brute force against one username and against many (429, and the limits survive a
 * restart), session fixation, logout, and cross-origin writes for every content type. On the server
 * of tests/reliability/one-server.test.ts, which the last test restarts once (kill -9) to show the
 * limits are kept; each attack comes from addresses of its own.
 * That login timing does not tell an unknown username from a wrong password is
 * tests/reliability-timed/login-timing.test.ts (a measured time: it runs alone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { contentChecksum, login, loginAttempt, openDb, raw, recordFigures } from './support.ts';

const LIMIT_PER_USER_AND_ADDRESS = 5;
const LIMIT_PER_ADDRESS = 20;
const figures: Record<string, number | string> = {};
let server: RunningServer;

/** The server a shared file gives, and how it restarts it: killed with -9, started again on its folder. */
export interface RestartableServer {
  server: () => RunningServer;
  restart: () => Promise<RunningServer>;
}

const attempt = (base: string, username: string, password: string, localAddress: string, extra: Record<string, string> = {}) =>
  loginAttempt(base, { username, password }, localAddress, extra);

/** The suite, on the server `own` gives and restarts (tests/reliability/one-server.test.ts). */
export const authAttacksSuite = (own: RestartableServer) =>
  describe('auth attacks', () => {
    beforeAll(() => {
      server = own.server();
    });
    afterAll(() => recordFigures('auth', figures));

    describe('sessions and origins', () => {
      it('makes a planted session cookie useless after login, and logout really ends the session', async () => {
        const s = server;
        const base = s.baseUrl;
        // A token the attacker made up, and one the attacker really holds (their own earlier sign-in).
        const madeUp = 'rwa_session=' + 'a'.repeat(32);
        const attackers = await login(base);
        for (const planted of [madeUp, attackers]) {
          const res = await raw(base, '/api/auth/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Origin: base, Cookie: planted },
            body: JSON.stringify(TEST_ADMIN),
          });
          expect(res.status).toBe(200);
          const issued = ([] as string[])
            .concat(res.headers['set-cookie'] ?? [])
            .find((c) => c.startsWith('rwa_session='))!
            .split(';')[0];
          expect(issued).not.toBe(planted);
          expect((await raw(base, '/api/auth/me', { headers: { Cookie: planted } })).status).toBe(401);
          expect((await raw(base, '/api/auth/me', { headers: { Cookie: issued } })).status).toBe(200);
        }

        const victim = await login(base);
        const db = openDb(s.dbPath);
        const before = Number((await db.execute('SELECT count(*) AS n FROM sessions')).rows[0].n);
        const out = await raw(base, '/api/auth/logout', { method: 'POST', headers: { Origin: base, Cookie: victim } });
        expect(out.status).toBeLessThan(300);
        const cleared = ([] as string[]).concat(out.headers['set-cookie'] ?? []).find((c) => c.startsWith('rwa_session='));
        expect(cleared).toMatch(/rwa_session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i);
        expect((await raw(base, '/api/auth/me', { headers: { Cookie: victim } })).status).toBe(401);
        expect((await raw(base, '/admin', { headers: { Cookie: victim } })).status).toBe(302);
        const after = Number((await db.execute('SELECT count(*) AS n FROM sessions')).rows[0].n);
        db.close();
        expect(after).toBe(before - 1);
      });

      it('refuses every non-GET from another origin, for every content type, even with a valid session', async () => {
        const s = server;
        const base = s.baseUrl;
        const cookie = await login(base);
        const db = openDb(s.dbPath);
        const before = await contentChecksum(db);
        // Every server-side route that can act. (Pre-rendered pages such as /login are files: the adapter
        // answers any method with the same bytes and no code runs, so there is nothing to forge.)
        const targets = [
          '/api/auth/login',
          '/api/auth/logout',
          '/api/blog/posts',
          '/api/blog/posts/1',
          '/api/research',
          '/api/research/1',
          '/api/uploads',
          '/',
          '/networks',
          '/admin',
          '/admin/seo',
        ];
        const bodies: Array<[string | undefined, string | undefined]> = [
          ['application/json', JSON.stringify(TEST_ADMIN)],
          ['application/x-www-form-urlencoded', 'username=admin&password=x'],
          ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="username"\r\n\r\nadmin\r\n--b--\r\n'],
          ['text/plain', '{"username":"admin"}'],
          [undefined, undefined],
        ];
        const senders: Array<Record<string, string>> = [
          { Origin: 'https://evil.example' },
          { Origin: 'null' },
          { Origin: base.replace('127.0.0.1', 'localhost') + '.evil.example' },
          { 'Sec-Fetch-Site': 'cross-site' },
          { 'Sec-Fetch-Site': 'same-site' },
        ];
        let refused = 0;
        const leaks: string[] = [];
        // Every answer but 403 is a leak, a 404 too: a target missing on this build is a failure, not a skip.
        for (const path of targets)
          for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
            for (const [type, body] of bodies)
              for (const from of senders) {
                const headers: Record<string, string> = { Cookie: cookie, ...from };
                if (type) headers['Content-Type'] = type;
                const res = await raw(base, path, { method, headers, body });
                // Pages take no writes at all (405, before any origin check); the API refuses cross-site ones (403).
                if (res.status === 403 || (!path.startsWith('/api/') && res.status === 405)) refused++;
                else leaks.push(`${method} ${path} ${type ?? '(no body)'} ${JSON.stringify(from)} -> ${res.status}`);
              }
          }
        // The session still works (logout was refused) and nothing changed.
        expect((await raw(base, '/api/auth/me', { headers: { Cookie: cookie } })).status).toBe(200);
        expect(await contentChecksum(db)).toBe(before);
        db.close();
        figures.crossOriginRefused = refused;
        expect(leaks.slice(0, 10)).toEqual([]);
      });
    });

    describe('brute force', () => {
      it('throttles guessing one username from one address', async () => {
        const base = server.baseUrl;
        const addr = '127.0.0.10';
        const statuses: number[] = [];
        for (let i = 0; i < LIMIT_PER_USER_AND_ADDRESS + 3; i++) statuses.push((await attempt(base, 'admin', `guess-${i}`, addr)).status);
        expect(statuses.slice(0, LIMIT_PER_USER_AND_ADDRESS)).toEqual(Array(LIMIT_PER_USER_AND_ADDRESS).fill(401));
        expect(statuses.slice(LIMIT_PER_USER_AND_ADDRESS)).toEqual(Array(3).fill(429));
        // Even the right password is refused from the guessing address: a guesser learns nothing.
        const right = await attempt(base, TEST_ADMIN.username, TEST_ADMIN.password, addr);
        expect(right.status).toBe(429);
        expect(JSON.parse(right.body).message).toMatch(/Too many failed sign-in attempts/);
        expect(right.headers['retry-after']).toBeDefined();
      });

      it('throttles one address trying many usernames, and X-Forwarded-For does not reset it', async () => {
        const base = server.baseUrl;
        const addr = '127.0.0.60';
        const statuses: number[] = [];
        for (let i = 0; i < LIMIT_PER_ADDRESS + 2; i++) statuses.push((await attempt(base, `user-${i}`, 'pw', addr)).status);
        expect(statuses.slice(0, LIMIT_PER_ADDRESS)).toEqual(Array(LIMIT_PER_ADDRESS).fill(401));
        expect(statuses.slice(LIMIT_PER_ADDRESS)).toEqual([429, 429]);
        expect((await attempt(base, 'someone-else', 'pw', addr, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(429);
        // Another address is not affected.
        expect((await attempt(base, 'someone-else', 'pw', '127.0.0.61')).status).toBe(401);
      });

      it('both limits survive a restart (kill -9), and the admin at another address is not locked out', async () => {
        server = await own.restart();
        const base = server.baseUrl;
        // The one username guessed at from 127.0.0.10, in any case.
        expect((await attempt(base, 'admin', 'after-restart', '127.0.0.10')).status).toBe(429);
        expect((await attempt(base, 'Admin', 'case-variant', '127.0.0.10')).status).toBe(429);
        // The address that tried many usernames, with one more.
        expect((await attempt(base, 'yet-another', 'pw', '127.0.0.60')).status).toBe(429);
        // The admin at another address is not locked out (tests/reliability/security.test.ts has the
        // per-username ceiling that stops guessing spread over many addresses).
        expect((await attempt(base, TEST_ADMIN.username, TEST_ADMIN.password, '127.0.0.50')).status).toBe(200);
        figures.bruteForceOneUser = `${LIMIT_PER_USER_AND_ADDRESS} tries then 429 at that address, held across restart; admin elsewhere unaffected`;
        figures.bruteForceManyUsers = `${LIMIT_PER_ADDRESS} tries then 429, held across restart`;
      });
    });
  });
