import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, hydrated, newContext, PHONE, screenshot, useBrowser } from '../support/browser.ts';
import { loginCookie } from '../support/http.ts';
import { createUsers } from '../support/users.ts';
import { useSharedTab, type Visit } from '../support/shared-tab.ts';

const base = inject('baseUrl');
const browser = useBrowser();
// A signed-out visitor's tab for the checks that change nothing, moved from page to page (and to a
// phone's width); a sign-in, a sign-out or a theme choice gets a context of its own.
const tab = useSharedTab(browser, base);

describe('header', () => {
  // One signed-out load of /login for the header, its menu, the footer and (laid out again at 375 px) the drawer.
  let login: Visit;
  beforeAll(async () => {
    login = await tab.visit('/login');
    await hydrated(login.page);
  });

  it('shows the navigation in the spec order with its targets', async () => {
    const { page, errors } = login;
    const nav = page.getByRole('navigation', { name: 'Main' });
    const items = await nav
      .locator('a:visible, button:visible')
      .evaluateAll((els) => els.map((e) => ({ text: e.textContent?.trim(), href: e.getAttribute('href') })));
    expect(items).toEqual([
      { text: 'Market Overview', href: '/' },
      { text: 'Networks', href: '/networks' },
      // A link to its no-JavaScript fallback list (a menu of its own once hydrated).
      { text: 'Asset Classes', href: '#asset-classes-menu' },
      { text: 'Research', href: '/research' },
      { text: 'Admin', href: '/admin' },
    ]);
    // Beside the spec's navigation, the Explore row links the alerts.
    const explore = page.getByRole('navigation', { name: 'Explore' });
    expect(await explore.getByRole('link', { name: 'Alerts', exact: true }).getAttribute('href')).toBe('/alerts');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await screenshot(page, 'header-desktop');
    expect(errors).toEqual([]);
  });

  it('opens the Asset Classes dropdown by keyboard and lists the seven classes', async () => {
    const { page } = login;
    const trigger = page.getByRole('button', { name: 'Asset Classes' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const entries = await menu.getByRole('menuitem').evaluateAll((els) => els.map((e) => [e.textContent?.trim(), e.getAttribute('href')]));
    expect(entries).toEqual([
      ['Stablecoins', '/stablecoins'],
      ['U.S. Treasuries', '/treasuries'],
      ['Global Bonds', '/global-bonds'],
      ['Private Credit', '/private-credit'],
      ['Commodities', '/commodities'],
      ['Institutional Funds', '/institutional-funds'],
      ['Stocks', '/stocks'],
    ]);
    await screenshot(page, 'header-dropdown');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
  });

  it('the footer has the brand blurb, Platform, Resources, Connect and the 2025 copyright', async () => {
    const { page } = login;
    const footer = page.locator('footer');
    const text = (await footer.textContent()) ?? '';
    expect(text).toContain('real-world asset analytics platform powered by blockchain transparency');
    for (const label of [
      'Platform',
      'Analytics',
      'API Access',
      'Documentation',
      'Resources',
      'Research',
      'Blog',
      'Support',
      'twitter',
      'telegram',
      'discord',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toMatch(/© 2025/);
    await footer.scrollIntoViewIfNeeded();
    await screenshot(page, 'footer-desktop');
  });

  it('at 375 px the mobile drawer holds the navigation and Login when signed out', async () => {
    // The same load laid out again at a phone's width: the header's layout is what is checked.
    const { page } = login;
    await page.setViewportSize(PHONE);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    for (const label of ['Market Overview', 'Networks', 'Stablecoins', 'Stocks', 'Research', 'Admin', 'Alerts']) {
      expect(await drawer.getByRole('link', { name: label, exact: true }).count()).toBe(1);
    }
    await drawer.getByRole('link', { name: 'Login' }).waitFor();
    await screenshot(page, 'drawer-signed-out-phone');
  });
});

describe('sign out everywhere', () => {
  it('the user menu ends every session of the user, on every device', async () => {
    // A user of its own: signing the shared admin out everywhere would sign out the other suites.
    const user = { username: `everywhere-${Date.now()}`, password: 'everywhere-password-1' };
    await createUsers(inject('databaseUrl'), [user]);
    const otherDevice = await loginCookie(base, user);
    const [name, value] = (await loginCookie(base, user)).split('=');
    const context = await newContext(browser(), base);
    const { hostname } = new URL(base);
    await context.addCookies([
      { name, value, domain: hostname, path: '/', httpOnly: true, sameSite: 'Lax' },
      { name: 'rwa_signed_in', value: '1', domain: hostname, path: '/', httpOnly: false, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    await page.goto('/login');
    await hydrated(page);
    await page.getByRole('button', { name: `User menu for ${user.username}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => fetch('/api/auth/me').then((r) => r.status))).toBe(401);
    expect((await fetch(base + '/api/auth/me', { headers: { Cookie: otherDevice } })).status).toBe(401);
    await context.close();
  });
});

describe('signed in', () => {
  // One signed-in tab: the drawer at 375 px, then the same load at 1280 px for the user menu, whose Logout ends the session last.
  const signedIn = useSharedTab(browser, base, { viewport: PHONE, signedIn: true });

  it("shows 'Logged in as' with the username, Admin Panel and Logout when signed in", async () => {
    const { page } = await signedIn.visit('/login');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const auth = page.getByTestId('drawer-auth');
    await auth.getByText('Logged in as').waitFor();
    expect(await auth.textContent()).toContain('Logged in as admin');
    expect(await auth.getByRole('link', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
    await auth.getByRole('button', { name: 'Logout' }).waitFor();
    await screenshot(page, 'drawer-signed-in-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.keyboard.press('Escape');
  });

  it('at 1280 px the header shows a user menu with the username, Admin Panel and Logout when signed in', async () => {
    const page = signedIn.page;
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.setViewportSize(DESKTOP);
    const trigger = page.getByRole('button', { name: 'User menu for admin' });
    await trigger.click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await screenshot(page, 'header-user-menu');
    // Logout clears the user and the session.
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    const me = await page.evaluate(() => fetch('/api/auth/me').then((r) => r.status));
    expect(me).toBe(401);
  });
});

describe('light theme', () => {
  const LIGHT_BG = 'rgb(255, 255, 255)';
  const DARK_BG = 'rgb(11, 15, 23)';
  const pageBg = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // The theme <html> carries when the first <body> appears: set then, it is set before the first paint.
  const recordThemeAtBody = (context: BrowserContext) =>
    context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        (window as unknown as { themeAtBody: string | null }).themeAtBody = document.documentElement.getAttribute('data-theme');
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });

  // A context of its own (the choice is kept in its storage): the toggle at 1440 px, then the same page at 390 px.
  const themed = useSharedTab(browser, base, { viewport: { width: 1440, height: 900 }, setup: recordThemeAtBody });

  it('the header toggle switches to light, is remembered, and applies before the first paint (1440 px)', async () => {
    // The server's page is one for every visitor: no theme in it.
    expect(await (await fetch(base + '/stablecoins')).text()).toMatch(/<html lang="en" class="dark">/);
    const { page, errors } = await themed.visit('/stablecoins');
    await hydrated(page);
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Light theme' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await pageBg(page)).toBe(DARK_BG);
    await screenshot(page, 'theme-dark-1440');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await pageBg(page)).toBe(LIGHT_BG);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string | null }).themeAtBody)).toBe('light');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'theme-light-1440');
    await toggle.click();
    expect(await page.getAttribute('html', 'data-theme')).toBeNull();
    expect(await pageBg(page)).toBe(DARK_BG);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // The boot script ran under the page's CSP (a blocked script would have left the reload dark).
    expect(errors).toEqual([]);
  });

  it('the phone menu holds the toggle (390 px)', async () => {
    // The page of the test before, dark again, laid out at a phone's width.
    const page = themed.page;
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await pageBg(page)).toBe(DARK_BG);
    await screenshot(page, 'theme-dark-390');
    expect(await page.getByRole('banner').getByRole('button', { name: 'Light theme' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const toggle = page.getByRole('dialog').getByRole('button', { name: 'Light theme' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await pageBg(page)).toBe(LIGHT_BG);
    await page.keyboard.press('Escape');
    await screenshot(page, 'theme-light-390');
  });

  it('without JavaScript the toggle is hidden and the page is dark', async () => {
    const context = await newContext(browser(), base, { viewport: { width: 1440, height: 900 }, javaScript: false });
    const page = await context.newPage();
    await page.goto('/stablecoins');
    expect(await page.locator('theme-toggle').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Light theme' }).isVisible()).toBe(false);
    expect(await pageBg(page)).toBe(DARK_BG);
    await context.close();
  });
});

describe('not-found page', () => {
  it('answers 404 with the spec texts', async () => {
    const { page, status } = await tab.visit('/definitely/not/here');
    expect(status).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.textContent('main')).toContain('Did you forget to add the page to the router?');
  });
});
