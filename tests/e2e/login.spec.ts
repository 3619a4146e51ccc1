import { describe, expect, inject, it } from 'vitest';
import type { Route } from 'playwright-core';
import { hydrated, screenshot, useBrowser } from '../support/browser.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { api } from '../support/http.ts';
import { createUsers } from '../support/users.ts';
import { useSharedTab } from '../support/shared-tab.ts';
import { loginAttempt, raw } from '../reliability/support.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/**
 * One tab for the describe, signed out before each visit (its cookies and session storage cleared):
 * a new tab costs more than the load of /login itself. `calls` records the calls made to the login
 * API since the last visit, `requests` every request. A route a test sets on the page is its own to
 * remove.
 */
function useSignedOutTab(options: { javaScript?: boolean } = {}) {
  const calls: string[] = [];
  const requests: { method: string; url: string }[] = [];
  const tab = useSharedTab(browser, base, {
    ...options,
    setup: async (context) => {
      context.on('request', (r) => {
        requests.push({ method: r.method(), url: r.url() });
        if (r.url().includes('/api/auth/login')) calls.push(r.method());
      });
    },
  });
  return {
    /** Signed out, at `path` (hydrated when JavaScript is on), with no call recorded yet. */
    visit: async (path = '/login') => {
      await tab.context.clearCookies();
      // Nor anything a sign-in left for the next page (a toast, a count of failed attempts).
      if (tab.page.url().startsWith(base)) await tab.page.evaluate(() => sessionStorage.clear());
      calls.length = 0;
      requests.length = 0;
      const { page, status, errors } = await tab.visit(path);
      if (options.javaScript !== false) await hydrated(page);
      return { context: tab.context, page, calls, requests, status, errors };
    },
  };
}

describe('login page', () => {
  const tab = useSignedOutTab();

  it('shows the form with a back-to-home button', async () => {
    const { page } = await tab.visit();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
    await page.getByLabel('Username').waitFor();
    await page.getByLabel('Password').waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await screenshot(page, 'login-desktop');
  });

  it("says 'Please fill in all fields' without calling the server", async () => {
    const { page, calls } = await tab.visit();
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please fill in all fields');
    expect(calls).toEqual([]);
  });

  it("says 'Invalid username or password' on a wrong password", async () => {
    const { page, calls } = await tab.visit();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid username or password');
    expect(calls).toEqual(['POST']);
    // The form is usable again after the failure.
    expect(await page.getByLabel('Username').isEnabled()).toBe(true);
  });

  it("signs in: 'Signing in...' while busy, then the success toast on /admin", async () => {
    const { page, errors } = await tab.visit();
    // Hold the login response so the busy state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route('**/api/auth/login', hold);
    try {
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
    } finally {
      await page.unroute('**/api/auth/login', hold);
    }
  });

  it('the guard sends a signed-out visitor to /login and back to the page asked for', async () => {
    const { page } = await tab.visit('/admin/seo');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/seo');
    // Landing on the page asked for is the check: it answers a stub instead of loading the admin app.
    const stub = (route: Route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>seo</title>' });
    await page.route(`${base}/admin/seo`, stub);
    try {
      await page.getByLabel('Username').fill(TEST_ADMIN.username);
      await page.getByLabel('Password').fill(TEST_ADMIN.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/admin/seo', { waitUntil: 'commit' });
    } finally {
      await page.unroute(`${base}/admin/seo`, stub);
    }
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
      const { page } = await tab.visit(`/login?redirect=${redirect}`);
      // Where the browser goes is the check, not what it finds there: /admin answers a stub instead of loading the admin app.
      const stub = (route: Route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>admin</title>' });
      await page.route(`${base}/admin`, stub);
      try {
        await page.getByLabel('Username').fill(TEST_ADMIN.username);
        await page.getByLabel('Password').fill(TEST_ADMIN.password);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL((url) => url.pathname.startsWith('/admin') || url.host !== new URL(base).host, { waitUntil: 'commit' });
        expect(new URL(page.url()).host).toBe(new URL(base).host);
        expect(new URL(page.url()).pathname).toBe('/admin');
      } finally {
        await page.unroute(`${base}/admin`, stub);
      }
    });
  }

  it('tells the admin about failed sign-ins since the last one, once', async () => {
    // An account of its own, so no other test's sign-in reads (and resets) its count first.
    const user = { username: `watched-${Date.now()}`, password: 'watched-password-1' };
    await createUsers(inject('databaseUrl'), [user]);
    for (const password of ['guess-1', 'guess-2']) {
      expect((await api(base, '/api/auth/login', { body: { username: user.username, password } })).status).toBe(401);
    }
    const { page } = await tab.visit();
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
  });

  it("shows the server's own message when sign-in is paused (429), not 'Invalid username or password'", async () => {
    const { page } = await tab.visit();
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
  });
});

describe('login without JavaScript (and before the form script runs)', () => {
  const tab = useSignedOutTab({ javaScript: false });

  it('the server HTML is a POST form to the form endpoint, so the password never goes into a URL', async () => {
    const html = await (await fetch(`${base}/login?redirect=%2Fadmin%2Fseo`)).text();
    const form = /<form[^>]*aria-label="Admin login"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toMatch(/method="post"/);
    expect(form).toMatch(/action="\/api\/auth\/login-form"/);
    // The redirect target travels in the body.
    expect(html).toMatch(/<input type="hidden" name="redirect" value="\/admin\/seo"\/?>/);
  });

  it('a wrong password comes back to /login with the error on the page and no credentials in the URL', async () => {
    const { page, requests } = await tab.visit('/login?redirect=%2Fadmin%2Fseo');
    await page.getByLabel('Username').fill(TEST_ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password-nojs');
    await Promise.all([page.waitForURL(/error=invalid/), page.getByRole('button', { name: 'Sign In' }).click()]);
    expect(await page.getByRole('alert').textContent()).toBe('Invalid username or password');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/seo');
    expect(requests.find((r) => r.url.includes('/api/auth/login-form'))?.method).toBe('POST');
    for (const r of requests) expect(r.url).not.toContain('not-the-password-nojs');
    await screenshot(page, 'login-nojs-error');
  });

  it('an empty field gets the spec words without JavaScript too', async () => {
    const { page } = await tab.visit();
    await page.getByLabel('Username').fill(TEST_ADMIN.username);
    await Promise.all([page.waitForURL(/error=missing/), page.getByRole('button', { name: 'Sign In' }).click()]);
    expect(await page.getByRole('alert').textContent()).toBe('Please fill in all fields');
  });

  it('signs in and lands on the page asked for, with the session cookie set', async () => {
    const { context, page } = await tab.visit('/admin/seo');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Username').fill(TEST_ADMIN.username);
    await page.getByLabel('Password').fill(TEST_ADMIN.password);
    await Promise.all([page.waitForURL('**/admin/seo'), page.getByRole('button', { name: 'Sign In' }).click()]);
    expect(new URL(page.url()).search).toBe('');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'rwa_session')?.httpOnly).toBe(true);
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
  // Tried from a loopback address of its own (the throttles count per address): the shared server's
  // sign-ins from 127.0.0.1, in this file and the others, are never paused by it. And on an account of
  // its own: the wrong tries would otherwise be counted on the shared admin, and the next test to sign
  // in as the admin through the form would be told of them.
  const from = '127.0.0.71';

  it('the sixth wrong try from one address is paused, and says so on the page', async () => {
    const user = { username: `throttled-${Date.now()}`, password: 'throttled-password-1' };
    await createUsers(inject('databaseUrl'), [user]);
    const codes: (string | null)[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await raw(base, '/api/auth/login-form', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        body: new URLSearchParams({ username: user.username, password: `wrong-${i}` }).toString(),
        localAddress: from,
      });
      expect(res.status).toBe(303);
      codes.push(new URL(String(res.headers.location), base).searchParams.get('error'));
    }
    expect(codes).toEqual([...Array(5).fill('invalid'), 'throttled']);
    // The JSON endpoint counts against the same budget: the right password is refused now too.
    expect((await loginAttempt(base, user, from)).status).toBe(429);
    const html = await (await fetch(`${base}/login?error=throttled`)).text();
    expect(html).toContain('Too many failed sign-in attempts.');
  });
});
