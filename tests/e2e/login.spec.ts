import { describe, expect, inject, it } from 'vitest';
import { hydrated, newContext, openPage, screenshot, useBrowser } from '../support/browser';
import { TEST_ADMIN } from '../support/constants';
import { api } from '../support/http';
import { createUsers } from '../support/users';

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
