import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hydrated, newContext, openPage, screenshot, useBrowser } from '../support/browser.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { api } from '../support/http.ts';
import { createUsers } from '../support/users.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/** The login page, hydrated, with the calls it makes to the login API recorded. */
async function openLogin(path = '/login') {
  const calls: string[] = [];
  const opened = await openPage(browser(), base, path, {
    setup: async (context) => {
      context.on('request', (r) => {
        if (r.url().includes('/api/auth/login')) calls.push(r.method());
      });
    },
  });
  await hydrated(opened.page);
  return { ...opened, calls };
}

describe('login page', () => {
  it('shows the form with a back-to-home button', async () => {
    const { context, page } = await openLogin();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
    await page.getByLabel('Username').waitFor();
    await page.getByLabel('Password').waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await screenshot(page, 'login-desktop');
    await context.close();
  });

  it("says 'Please fill in all fields' without calling the server", async () => {
    const { context, page, calls } = await openLogin();
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please fill in all fields');
    expect(calls).toEqual([]);
    await context.close();
  });

  it("says 'Invalid username or password' on a wrong password", async () => {
    const { context, page, calls } = await openLogin();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid username or password');
    expect(calls).toEqual(['POST']);
    // The form is usable again after the failure.
    expect(await page.getByLabel('Username').isEnabled()).toBe(true);
    await context.close();
  });

  it("signs in: 'Signing in...' while busy, then the success toast on /admin", async () => {
    const { context, page, errors } = await openLogin();
    // Hold the login response so the busy state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Username').fill(TEST_ADMIN.username);
    await page.getByLabel('Password').fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Signing in...' }).waitFor();
    expect(await page.getByLabel('Username').isDisabled()).toBe(true);
    expect(await page.getByLabel('Password').isDisabled()).toBe(true);
    release();
    await page.waitForURL('**/admin');
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Success');
    expect(await toast.textContent()).toContain('Logged in successfully');
    await screenshot(page, 'login-success-toast');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the guard sends a signed-out visitor to /login and back to the page asked for', async () => {
    const context = await newContext(browser(), base);
    const page = await context.newPage();
    await page.goto('/admin/seo');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/seo');
    await hydrated(page);
    await page.getByLabel('Username').fill(TEST_ADMIN.username);
    await page.getByLabel('Password').fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/seo');
    await context.close();
  });

  // Browsers drop tab/CR/LF from URLs and read '\' as '/': each of these is '//evil.example' to them.
  for (const redirect of [
    '//evil.example/x',
    '/%09/evil.example/phish',
    '/%0a/evil.example/phish',
    '/%0d/evil.example/phish',
    '/%5Cevil.example',
    '/%5C/evil.example',
    '%09//evil.example',
  ]) {
    it(`never redirects off-site after login (redirect=${redirect})`, async () => {
      const { context, page } = await openLogin(`/login?redirect=${redirect}`);
      await page.getByLabel('Username').fill(TEST_ADMIN.username);
      await page.getByLabel('Password').fill(TEST_ADMIN.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/admin') || url.host !== new URL(base).host);
      expect(new URL(page.url()).host).toBe(new URL(base).host);
      expect(new URL(page.url()).pathname).toBe('/admin');
      await context.close();
    });
  }

  it('tells the admin about failed sign-ins since the last one, once', async () => {
    // An account of its own, so no other test's sign-in reads (and resets) its count first.
    const user = { username: `watched-${Date.now()}`, password: 'watched-password-1' };
    await createUsers(inject('databaseUrl'), [user]);
    for (const password of ['guess-1', 'guess-2']) {
      expect((await api(base, '/api/auth/login', { body: { username: user.username, password } })).status).toBe(401);
    }
    const { context, page } = await openLogin();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin');
    await expect
      .poll(() => page.getByTestId('failed-sign-ins').textContent())
      .toMatch(/^2 failed sign-in attempts on this account since your last sign-in/);
    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId('failed-sign-ins').count()).toBe(0);
    await context.close();
  });

  it("shows the server's own message when sign-in is paused (429), not 'Invalid username or password'", async () => {
    const { context, page } = await openLogin();
    await page.getByLabel('Username').fill('paused-e2e-user');
    await page.getByLabel('Password').fill('wrong');
    const messages: string[] = [];
    for (let i = 0; i < 6; i++) {
      await Promise.all([page.waitForResponse('**/api/auth/login'), page.getByRole('button', { name: 'Sign In' }).click()]);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      messages.push((await page.getByRole('alert').textContent()) ?? '');
    }
    expect(messages.slice(0, 5)).toEqual(Array(5).fill('Invalid username or password'));
    expect(messages[5]).toMatch(/^Too many failed sign-in attempts from your address\. Please wait 15 minutes/);
    await context.close();
  });
});

describe('login without JavaScript (and before the form script runs)', () => {
  it('the server HTML is a POST form to the form endpoint, so the password never goes into a URL', async () => {
    const html = await (await fetch(`${base}/login?redirect=%2Fadmin%2Fseo`)).text();
    const form = /<form[^>]*aria-label="Admin login"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toMatch(/method="post"/);
    expect(form).toMatch(/action="\/api\/auth\/login-form"/);
    // The redirect target travels in the body.
    expect(html).toMatch(/<input type="hidden" name="redirect" value="\/admin\/seo"\/?>/);
  });

  it('a wrong password comes back to /login with the error on the page and no credentials in the URL', async () => {
    const requests: { method: string; url: string }[] = [];
    const { context, page } = await openPage(browser(), base, '/login?redirect=%2Fadmin%2Fseo', {
      javaScript: false,
      setup: async (c) => {
        c.on('request', (r) => requests.push({ method: r.method(), url: r.url() }));
      },
    });
    await page.getByLabel('Username').fill(TEST_ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password-nojs');
    await Promise.all([page.waitForURL(/error=invalid/), page.getByRole('button', { name: 'Sign In' }).click()]);
    expect(await page.getByRole('alert').textContent()).toBe('Invalid username or password');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/seo');
    expect(requests.find((r) => r.url.includes('/api/auth/login-form'))?.method).toBe('POST');
    for (const r of requests) expect(r.url).not.toContain('not-the-password-nojs');
    await screenshot(page, 'login-nojs-error');
    await context.close();
  });

  it('an empty field gets the spec words without JavaScript too', async () => {
    const { context, page } = await openPage(browser(), base, '/login', { javaScript: false });
    await page.getByLabel('Username').fill(TEST_ADMIN.username);
    await Promise.all([page.waitForURL(/error=missing/), page.getByRole('button', { name: 'Sign In' }).click()]);
    expect(await page.getByRole('alert').textContent()).toBe('Please fill in all fields');
    await context.close();
  });

  it('signs in and lands on the page asked for, with the session cookie set', async () => {
    const { context, page } = await openPage(browser(), base, '/admin/seo', { javaScript: false });
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Username').fill(TEST_ADMIN.username);
    await page.getByLabel('Password').fill(TEST_ADMIN.password);
    await Promise.all([page.waitForURL('**/admin/seo'), page.getByRole('button', { name: 'Sign In' }).click()]);
    expect(new URL(page.url()).search).toBe('');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'rwa_session')?.httpOnly).toBe(true);
    await context.close();
  });

  it('never redirects off-site, and an unknown error code shows nothing', async () => {
    // A browser drops the tab and reads '\\' as '/': both are '//evil.example' to it.
    for (const redirect of ['//evil.example/x', '/\t/evil.example/phish', '/\\evil.example', 'https://evil.example/']) {
      const res = await fetch(`${base}/api/auth/login-form`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        body: new URLSearchParams({ ...TEST_ADMIN, redirect }),
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location'), redirect).toBe('/admin');
    }
    const html = await (await fetch(`${base}/login?error=%3Cb%3Ephish%3C%2Fb%3E`)).text();
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('phish');
  });

  it('refuses a body that is not a form (415) and a cross-site post (403)', async () => {
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${base}/api/auth/login-form`, { method: 'POST', redirect: 'manual', headers, body });
    expect((await post({ 'content-type': 'application/json', origin: base }, JSON.stringify(TEST_ADMIN))).status).toBe(415);
    const cross = await post(
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      new URLSearchParams(TEST_ADMIN).toString(),
    );
    expect(cross.status).toBe(403);
    expect(cross.headers.get('set-cookie')).toBeNull();
  });
});

describe('the form endpoint shares the login throttle', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('the sixth wrong try from one address is paused, and says so on the page', async () => {
    const codes: (string | null)[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${server.baseUrl}/api/auth/login-form`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
        body: new URLSearchParams({ username: TEST_ADMIN.username, password: `wrong-${i}` }),
      });
      expect(res.status).toBe(303);
      codes.push(new URL(res.headers.get('location')!, server.baseUrl).searchParams.get('error'));
    }
    expect(codes).toEqual([...Array(5).fill('invalid'), 'throttled']);
    // The JSON endpoint counts against the same budget: the right password is refused now too.
    expect((await api(server.baseUrl, '/api/auth/login', { body: TEST_ADMIN })).status).toBe(429);
    const html = await (await fetch(`${server.baseUrl}/login?error=throttled`)).text();
    expect(html).toContain('Too many failed sign-in attempts.');
  });
});
