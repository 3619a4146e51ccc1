import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, loginCookie } from '../support/http.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { createClient } from '@libsql/client';

const base = inject('baseUrl');

/**
 * The throttling tests each spend a server's address budget, so each has its own, started side by side
 * before them (this lane runs one file at a time, and a start mostly waits on one core): `budget` for the
 * per-username limit (killed and restarted by its test), `addresses` for the per-address one, `proxied`
 * behind a configured proxy (this test's own loopback address), where X-Forwarded-For names the client.
 */
const own: Partial<Record<'budget' | 'addresses' | 'proxied', RunningServer>> = {};
beforeAll(async () => {
  const [budget, addresses, proxied] = await Promise.allSettled([
    startServer(),
    startServer(),
    startServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } }),
  ]);
  for (const [name, started] of Object.entries({ budget, addresses, proxied }))
    if (started.status === 'fulfilled') own[name as keyof typeof own] = started.value;
  for (const started of [budget, addresses, proxied]) if (started.status === 'rejected') throw started.reason;
}, 120_000);
afterAll(() => Promise.all(Object.values(own).map((server) => server.stop())));

describe('/api/auth', () => {
  it('me is 401 without a session', async () => {
    const res = await api(base, '/api/auth/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Not signed in' });
  });

  it('login succeeds with the right password and sets a safe cookie', async () => {
    const res = await api(base, '/api/auth/login', { body: TEST_ADMIN });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: 'admin' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('rwa_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Expires=/);
    expect(cookie).not.toMatch(/Secure/); // plain http on loopback
    const token = cookie.split(';')[0].split('=')[1];
    expect(token.length).toBeGreaterThanOrEqual(32); // 160 bits in base32
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('wrong password is 401 with the spec message', async () => {
    const res = await api(base, '/api/auth/login', { body: { username: 'admin', password: 'wrong' } });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Invalid username or password');
  });

  it('unknown user gets the same answer as a wrong password', async () => {
    const res = await api(base, '/api/auth/login', { body: { username: 'nobody-here', password: 'wrong' } });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Invalid username or password');
  });

  it.each([
    [{ username: 'admin' }, 'password'],
    [{ password: 'x' }, 'username'],
    [{ username: '  ', password: 'x' }, 'username'],
  ])('missing fields are 400: %j', async (body, field) => {
    const res = await api(base, '/api/auth/login', { body });
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.issues[field]).toBeDefined();
  });

  it('malformed JSON is 400 and a non-JSON body is 415', async () => {
    const bad = await api(base, '/api/auth/login', { body: '{"username":', headers: { 'Content-Type': 'application/json' } });
    expect(bad.status).toBe(400);
    const form = await api(base, '/api/auth/login', {
      body: 'username=admin',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('me answers the user with a session, and logout ends the session server-side', async () => {
    const cookie = await loginCookie(base);
    const me = await api(base, '/api/auth/me', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: 'admin' });

    const out = await api(base, '/api/auth/logout', { method: 'POST', cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/rwa_session=;/);
    // The old cookie, replayed, no longer opens anything.
    expect((await api(base, '/api/auth/me', { cookie })).status).toBe(401);
  });

  it('a session planted before login is not the one used after it', async () => {
    const planted = 'rwa_session=' + 'a'.repeat(32);
    const res = await api(base, '/api/auth/login', { body: TEST_ADMIN, cookie: planted });
    const issued = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('rwa_session='))!
      .split(';')[0];
    expect(issued).not.toBe(planted);
    expect((await api(base, '/api/auth/me', { cookie: planted })).status).toBe(401);
  });

  it.each([
    ['application/json', JSON.stringify(TEST_ADMIN)],
    ['application/x-www-form-urlencoded', 'username=admin&password=x'],
    ['multipart/form-data; boundary=x', '--x--'],
    ['text/plain', 'hello'],
    [undefined, undefined],
  ])('a cross-origin POST is refused with 403 (content type %s)', async (type, body) => {
    const headers: Record<string, string> = { Origin: 'https://evil.example' };
    if (type) headers['Content-Type'] = type;
    const res = await fetch(base + '/api/auth/login', { method: 'POST', headers, body });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/Cross-site/);
  });

  it('a cross-site fetch without Origin but with Sec-Fetch-Site is refused too', async () => {
    const res = await fetch(base + '/api/auth/logout', { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(res.status).toBe(403);
  });
});

describe('login throttling (own server: it spends the loopback address budget)', () => {
  it('repeated failures give 429, per username, and the limit survives a restart', async () => {
    let server = own.budget!;
    const attempt = () => api(server.baseUrl, '/api/auth/login', { body: { username: 'admin', password: 'nope' } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt()).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toMatch(/Too many failed sign-in attempts/);
    // Even the right password is refused while limited: a guesser learns nothing.
    expect((await api(server.baseUrl, '/api/auth/login', { body: TEST_ADMIN })).status).toBe(429);

    const dir = server.dir;
    await server.kill();
    server = own.budget = await startServer({ dir });
    expect((await attempt()).status).toBe(429);
  });

  it('many usernames from one address hit the per-address limit', async () => {
    const server = own.addresses!;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await api(server.baseUrl, '/api/auth/login', { body: { username: `user${i}`, password: 'x' } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('a spray cannot lock the owner out, and refusals write nothing', () => {
  // About 1,100 requests: on a busy machine (the API lane runs beside the browser tests) their round
  // trips, not the server's work, set its length.
  it('52 wrong passwords from one client; the owner at another signs in, with and without JavaScript', { timeout: 180_000 }, async () => {
    // Behind a configured proxy (this test's own loopback address), X-Forwarded-For names the client.
    const server = own.proxied!;
    const from = (client: string) => ({ 'X-Forwarded-For': client });
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++) {
      const res = await api(server.baseUrl, '/api/auth/login', {
        body: { username: 'admin', password: `spray-${i}` },
        headers: from('198.51.100.1'),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(47).fill(429)]);
    const json = await api(server.baseUrl, '/api/auth/login', { body: TEST_ADMIN, headers: from('198.51.100.2') });
    expect(json.status).toBe(200);
    // Told about the five tries that were checked; the 47 refused ones counted nowhere.
    expect(await json.json()).toMatchObject({ username: 'admin', failedAttempts: 5 });
    const form = await api(server.baseUrl, '/api/auth/login-form', {
      body: new URLSearchParams({ ...TEST_ADMIN, redirect: '/admin' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...from('198.51.100.3') },
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/admin');
    expect(form.headers.getSetCookie().some((c) => c.startsWith('rwa_session='))).toBe(true);
    // The sprayer itself stays paused, the right password included.
    expect((await api(server.baseUrl, '/api/auth/login', { body: TEST_ADMIN, headers: from('198.51.100.1') })).status).toBe(429);

    // 1,000 refused requests with random names from a paused client add no row to the throttle table.
    const db = createClient({ url: server.databaseUrl });
    const rowCount = async () => Number((await db.execute('SELECT count(*) AS n FROM login_throttle')).rows[0].n);
    for (let i = 0; i < 20; i++)
      await api(server.baseUrl, '/api/auth/login', { body: { username: `n-${i}`, password: 'x' }, headers: from('198.51.100.4') });
    const before = await rowCount();
    // Ten at a time, as a sprayer would send them: none may slip between the check and the count.
    const refused: number[] = [];
    for (let batch = 0; batch < 100; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          api(server.baseUrl, '/api/auth/login', {
            body: { username: `r-${batch}-${j}-${Math.random().toString(36).slice(2)}`, password: 'x' },
            headers: from('198.51.100.4'),
          }),
        ),
      );
      refused.push(...answers.map((res) => res.status));
    }
    expect(refused).toHaveLength(1000);
    expect(refused.every((s) => s === 429)).toBe(true);
    expect(await rowCount()).toBe(before);
    db.close();
  });
});

describe('guard', () => {
  it.each(['/admin', '/admin/seo', '/admin/blog/1', '/admin/research/new'])(
    '%s redirects to /login?redirect=... when signed out',
    async (path) => {
      const res = await api(base, path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    },
  );

  it("an editor's address is the admin panel on that editor, for the admin only and never cached", async () => {
    const cookie = await loginCookie(base);
    const [post] = (await (await api(base, '/api/blog/posts', { cookie })).json()) as { id: number; title: string }[];
    for (const path of [`/admin/blog/${post.id}`, '/admin/blog/new', '/admin/research/new']) {
      const res = await api(base, path, { cookie });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toMatch(/no-store/);
      expect(await res.text(), path).toContain(path.endsWith('new') ? 'Create ' : 'Edit Blog Post');
    }
    // An item that is not there, or an address of no editor: not found, still never cached.
    for (const path of ['/admin/blog/999999999', '/admin/blog/0', '/admin/blog/x', '/admin/assets/1', '/admin/blog/1/more']) {
      const res = await api(base, path, { cookie });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toMatch(/no-store/);
    }
  });

  it('unknown paths are 404', async () => {
    const res = await api(base, '/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('404 Page Not Found');
  });
});
