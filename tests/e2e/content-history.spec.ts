import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { POLL, useBrowser, newContext, screenshot, watchErrors } from '../support/browser.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { logOf, waitForCommits } from '../support/git.ts';

// Runs on a server of its own: the test reads that server's content repository with git.
let server: RunningServer;
const browser = useBrowser();
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(
    () => [...document.querySelectorAll('astro-island[client="load"]')].every((e) => !e.hasAttribute('ssr')),
    undefined,
    POLL,
  );
}

const toastSays = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).waitFor({ timeout: 10_000 });

/** What an anonymous visitor gets at the post's public page. */
async function publicPage(slug: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.baseUrl}/blog/${slug}`);
  return { status: res.status, text: await res.text() };
}

describe('content history in the admin, backed by git', () => {
  // The admin's tab for both tests, the second loading /admin again in it: a new context would load
  // the admin's scripts, styles and fonts cold again.
  let admin: Page;
  beforeAll(async () => {
    admin = await (await newContext(browser(), server.baseUrl, { signedIn: true })).newPage();
  });
  afterAll(async () => {
    await admin?.context().close();
  });

  it('create, edit twice, restore the first version, delete, restore the deleted item: each step a commit by the admin', async () => {
    const page = admin;
    const errors = watchErrors(page);
    const title = `History Journey ${Math.random().toString(36).slice(2, 7)}`;
    const slug = title.toLowerCase().replace(/ /g, '-');
    const file = `content/blog/${slug}.md`;
    const content = page.getByRole('textbox', { name: 'Content', exact: true });
    const save = () => page.getByRole('button', { name: 'Save', exact: true }).last().click();
    const edit = async () => {
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
    };

    // 1. Create, published.
    await open(page, '/admin');
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await content.fill('First version of the text.');
    await page.getByRole('switch', { name: 'Published' }).click();
    await save();
    await toastSays(page, 'Blog post created successfully');
    await waitForCommits(server.contentRepo, file, 1);
    expect((await publicPage(slug)).text).toContain('First version of the text.');

    // 2. and 3. Two edits.
    await edit();
    await content.fill('Second version of the text.');
    await save();
    await toastSays(page, 'Blog post updated successfully');
    await waitForCommits(server.contentRepo, file, 2);
    expect((await publicPage(slug)).text).toContain('Second version of the text.');
    await edit();
    await content.fill('Third version of the text.');
    await save();
    await toastSays(page, 'Blog post updated successfully');
    await waitForCommits(server.contentRepo, file, 3);
    expect((await publicPage(slug)).text).toContain('Third version of the text.');

    // 4. History: three versions; the first one's changes against now, then restore it.
    await edit();
    const history = page.getByTestId('history');
    await expect.poll(() => history.getByTestId('version').count()).toBe(3);
    const first = history.getByTestId('version').filter({ hasText: `Create blog post "${title}"` });
    expect(await first.innerText()).toContain(TEST_ADMIN.username);
    await first.getByRole('button', { name: 'Show changes' }).click();
    const diff = first.getByTestId('diff');
    await diff.getByText('First version of the text.').waitFor();
    expect(await diff.innerText()).toContain('Third version of the text.');
    await screenshot(page, 'admin-history-1280');
    await first.getByRole('button', { name: 'Restore this version' }).click();
    await toastSays(page, 'Version restored');
    await waitForCommits(server.contentRepo, file, 4);
    expect((await publicPage(slug)).text).toContain('First version of the text.');

    // 5. Delete.
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toastSays(page, 'Blog post deleted successfully');
    await waitForCommits(server.contentRepo, file, 5);
    expect((await publicPage(slug)).status).toBe(404);

    // 6. Restore it from the list of deleted items.
    const deleted = page.getByTestId('deleted-row').filter({ hasText: title });
    await deleted.getByRole('button', { name: `Restore ${title}` }).click();
    await toastSays(page, `Restored "${title}"`);
    await page.getByTestId('content-row').filter({ hasText: title }).waitFor();
    await waitForCommits(server.contentRepo, file, 6);
    expect((await publicPage(slug)).text).toContain('First version of the text.');

    // git log -- content/blog/<slug>.md: every step, the admin as author.
    const log = logOf(server.contentRepo, file).reverse();
    expect(log.map((c) => c.author)).toEqual(Array(6).fill(TEST_ADMIN.username));
    expect(log.map((c) => c.subject)).toEqual([
      `Create blog post "${title}"`,
      `Update blog post "${title}": text`,
      `Update blog post "${title}": text`,
      expect.stringMatching(new RegExp(`^Restore blog post "${title}" to the version of `)),
      `Delete blog post "${title}"`,
      `Restore deleted blog post "${title}"`,
    ]);
    expect(errors).toEqual([]);
  });

  it('previews a draft with its unsaved change (autosaved) and shows Scheduled for a future publish date', async () => {
    const page = admin;
    const errors = watchErrors(page);
    const title = `Preview Journey ${Math.random().toString(36).slice(2, 7)}`;
    await open(page, '/admin');
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Content', exact: true }).fill('Saved draft text.');
    await page.getByRole('button', { name: 'Save', exact: true }).last().click();
    await toastSays(page, 'Blog post created successfully');

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('textbox', { name: 'Content', exact: true }).fill('Unsaved change, autosaved.');
    await page
      .getByTestId('autosave-status')
      .filter({ hasText: /^Draft saved \d\d:\d\d UTC$/ })
      .waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Create preview link' }).click();
    const url = await page.getByTestId('preview-url').inputValue();
    // A visitor with no session: the link shows the unsaved change, marked as a preview.
    const visitor = await browser().newContext();
    const view = await visitor.newPage();
    await view.goto(url);
    await view.getByTestId('preview-banner').waitFor();
    expect(await view.getByTestId('blog-post').innerText()).toContain('Unsaved change, autosaved.');
    expect(await view.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await page.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(async () => (await fetch(url)).status).toBe(404);
    await visitor.close();

    // Another browser (no localStorage draft): the autosaved draft on the server is offered back.
    const other = await newContext(browser(), server.baseUrl, { signedIn: true });
    const second = await other.newPage();
    await open(second, '/admin');
    await second.getByRole('button', { name: `Edit ${title}` }).click();
    await second.getByTestId('server-draft').waitFor();
    expect(await second.getByRole('textbox', { name: 'Content', exact: true }).innerText()).toBe('Saved draft text.');
    await second.getByRole('button', { name: 'Restore draft' }).click();
    expect(await second.getByRole('textbox', { name: 'Content', exact: true }).innerText()).toBe('Unsaved change, autosaved.');
    await other.close();

    // A publish date ahead: the list says Scheduled, the public sees nothing yet.
    await page.getByRole('switch', { name: 'Published' }).click();
    const ahead = new Date(Date.now() + 2 * 86_400_000);
    const local = `${ahead.getFullYear()}-${String(ahead.getMonth() + 1).padStart(2, '0')}-${String(ahead.getDate()).padStart(2, '0')}T10:00`;
    await page.getByLabel('Publish Date').fill(local);
    await page.getByRole('button', { name: 'Save', exact: true }).last().click();
    await toastSays(page, 'Blog post updated successfully');
    const row = page.getByTestId('content-row').filter({ hasText: title });
    await row.getByText('Scheduled').waitFor();
    const slug = title.toLowerCase().replace(/ /g, '-');
    expect((await publicPage(slug)).status).toBe(404);
    await screenshot(page, 'admin-scheduled-1280');
    expect(errors).toEqual([]);
  });
});
