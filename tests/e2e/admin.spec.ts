import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@libsql/client';
import { startServer, type RunningServer } from '../support/server.ts';
import type { Locator, Page } from 'playwright-core';
import { POLL, hydrated, newContext, PHONE, screenshot as takeScreenshot, useBrowser, watchErrors } from '../support/browser.ts';
import { makePng } from '../support/images.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { loginCookie } from '../support/http.ts';
import { sniffImage } from '#lib/server/content/image-sniff.ts';

// The journey starts from empty lists (the spec's empty texts), so it runs on a server of its own
// whose starter content is removed; the shared test server keeps the seeded posts other suites read.
let server: RunningServer;
let base: string;
const browser = useBrowser();
beforeAll(async () => {
  server = await startServer();
  const db = createClient({ url: server.databaseUrl });
  await db.execute('DELETE FROM blog_posts');
  await db.execute('DELETE FROM research_articles');
  db.close();
  base = server.baseUrl;
});
afterAll(async () => {
  await server?.stop();
});

const uid = () => Math.random().toString(36).slice(2, 7);
const anonymous = (path: string) => fetch(base + path);

/** Full-page screenshots from the top, so the sticky header sits where a visitor sees it. */
async function screenshot(page: Page, name: string, fullPage = false) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await takeScreenshot(page, name, fullPage);
}

/** Waits for the (single) toast to show this text. */
async function toastSays(page: Page, text: string) {
  await page.getByTestId('toast').filter({ hasText: text }).waitFor({ timeout: 10_000 });
}

/** Opens an admin page and waits for its client:load islands (the editor and lists). */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page, { client: 'load' });
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).last().click();
}

/** Uploads an image through the API, as the admin (the editor's own uploads go through the same route). */
async function uploadPng(png: Buffer) {
  return fetch(base + '/api/uploads', {
    method: 'POST',
    headers: { Origin: base, Cookie: await loginCookie(base), 'Content-Type': 'image/png' },
    body: new Uint8Array(png),
  });
}

/** Pastes an image file into a field, as a copied screenshot arrives: a paste event carrying the file. */
async function pasteImage(field: Locator, png: Buffer) {
  await field.evaluate(
    (el, bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'image.png', { type: 'image/png' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [...png],
  );
}

/** Brings the media list to the middle of the screen; true once every image in it has loaded and shows. */
function thumbnailsShown(picker: Locator): Promise<boolean> {
  return picker.evaluate(async (el) => {
    // At once: the page scrolls smoothly (prose.css), and a screenshot mid-way shows it half moved.
    const top = el.getBoundingClientRect().top + window.scrollY - (window.innerHeight - el.getBoundingClientRect().height) / 2;
    window.scrollTo({ top, behavior: 'instant' });
    const images = [...el.querySelectorAll('img')];
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    return images.length > 0 && images.every((img) => img.naturalWidth > 0);
  });
}

async function scoreOf(page: Page, title: string): Promise<number> {
  const text = await page.getByTestId('seo-row').filter({ hasText: title }).getByTestId('seo-score').innerText();
  return Number(/(\d+)\/100/.exec(text)?.[1]);
}

describe('admin journey', () => {
  // One signed-in tab for the blog, research and phone journeys, each loading /admin in it afresh: a
  // new context would load the admin's scripts, styles and fonts cold again. (The expired session
  // clears its cookies: it has a context of its own.)
  let tab: Page;
  beforeAll(async () => {
    const context = await newContext(browser(), base, { signedIn: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    tab = await context.newPage();
  });
  afterAll(async () => {
    await tab?.context().close();
  });

  it('blog post: validation, create with an uploaded image, edit, preview link, public, SEO, delete', async () => {
    const page = tab;
    const errors = watchErrors(page);
    await visit(page, '/admin');
    await page.getByRole('tab', { name: 'Blog Posts' }).waitFor();
    await page.getByText('No blog posts found. Create your first post!').waitFor();
    await screenshot(page, 'admin-list-empty-1280');

    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    await page.getByRole('heading', { name: 'Create Blog Post' }).waitFor();
    await save(page);
    // The spec's toast, and each empty field marked inline beside it.
    await toastSays(page, 'Title and content are required');
    expect(await page.getByTestId('toast').innerText()).toContain('Validation Error');
    await page.getByTestId('title-error').waitFor();
    // The empty body is said in words beside it, and read out with the editor (invalid, described by them).
    expect(await page.getByTestId('content-error').innerText()).toBe('Write the content.');
    expect(await bodyOf(page).getAttribute('aria-invalid')).toBe('true');
    expect(await bodyOf(page).evaluate((el) => el.ariaDescribedByElements?.map((e) => e.id))).toEqual(['content-error', 'content-hint']);
    // No toast outlives its editor: a failed upload's toast is taken back with the editor.
    await page.getByLabel('Upload image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toastSays(page, 'Please select an image file');
    await page.getByRole('button', { name: 'Back to Admin' }).click();
    await page.getByRole('button', { name: 'Create Blog Post' }).waitFor();
    // Checked at once, well inside the toast's own display time: the editor took it back.
    expect(await page.getByTestId('toast').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    await page.getByRole('heading', { name: 'Create Blog Post' }).waitFor();
    expect(await page.getByTestId('toast').isVisible()).toBe(false);
    expect(await page.getByTestId('title-error').count()).toBe(0);

    const title = `Tokenized Treasuries Weekly ${uid()}`;
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    const slug = await page.getByLabel('Slug').inputValue();
    expect(slug).toBe(title.toLowerCase().replace(/ /g, '-'));
    expect(await page.getByLabel('Meta Title').inputValue()).toBe(title);
    await page
      .getByRole('textbox', { name: 'Content', exact: true })
      .fill('## Why it matters\n\nOn-chain treasuries passed **$7B** this week.\n\n- BUIDL\n- BENJI');
    await page.getByLabel('Tags').fill('treasuries, , weekly ');
    // Authors are chosen by display name (content/authors.json); the post stores the id.
    expect(await page.getByLabel('Author').inputValue()).toBe('default-author');
    await page.getByLabel('Author').selectOption({ label: 'Research Desk' });
    await page.getByLabel('Upload image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(1600, 840) });
    await page.locator('img[src^="/api/uploads/"]').waitFor();
    await page.getByRole('switch', { name: 'Published' }).click();
    await screenshot(page, 'admin-blog-editor-1280', true);
    await save(page);
    await toastSays(page, 'Blog post created successfully');
    const row = page.getByTestId('content-row').filter({ hasText: title });
    await row.getByText('Published').waitFor();
    await screenshot(page, 'admin-list-1280');

    // Edit it.
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
    await page.getByLabel('Excerpt').fill('The weekly view of tokenized US treasuries.');
    // A preview link's Copy puts the link shown on the clipboard; the link opens the draft for anyone.
    await page.getByRole('button', { name: 'Create preview link' }).click();
    const shown = await page.getByTestId('preview-url').inputValue();
    expect(shown).toMatch(new RegExp(`^${base}/preview/[^/?#]+$`));
    await page.getByTestId('preview-panel').getByRole('button', { name: 'Copy' }).click();
    await toastSays(page, 'Preview link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    expect(await (await fetch(shown)).text()).toContain(title);
    await save(page);
    await toastSays(page, 'Blog post updated successfully');

    // The public side (an anonymous caller) sees it, with the uploaded image resized to 1200 px JPEG.
    const pub = await anonymous(`/api/blog/posts/by-slug/${slug}`);
    expect(pub.status).toBe(200);
    const post = await pub.json();
    expect(post).toMatchObject({
      title,
      published: true,
      excerpt: 'The weekly view of tokenized US treasuries.',
      tags: ['treasuries', 'weekly'],
      authorId: 'research-desk',
    });
    expect(post.featuredImage).toMatch(/^\/api\/uploads\/[a-z2-7]+$/);
    const image = await anonymous(post.featuredImage);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(sniffImage(new Uint8Array(await image.arrayBuffer()))).toMatchObject({ width: 1200, height: 630 });

    // SEO: the score goes up once keywords, canonical URL and social image are set.
    await visit(page, '/admin/seo');
    await page.getByRole('tab', { name: /Blog Posts \(\d+\)/ }).click();
    const before = await scoreOf(page, title);
    await page.getByRole('button', { name: `Edit SEO for ${title}` }).click();
    await page.getByLabel('Keywords').fill('rwa, treasuries, tokenization');
    await page.getByLabel('Canonical URL').fill('https://example.com/treasuries-weekly');
    await page.getByLabel('Image URL').fill(post.featuredImage);
    // The search-result preview follows the fields as typed: the canonical address, the title shown.
    const preview = page.getByTestId('search-preview');
    expect(await preview.getByTestId('search-preview-url').innerText()).toBe('example.com › treasuries-weekly');
    const metaTitle = await page.getByLabel('Meta Title').inputValue();
    expect(await preview.getByTestId('search-preview-title').innerText()).toBe(metaTitle.trim() || title);
    await screenshot(page, 'admin-seo-1280', true);
    await page.getByRole('button', { name: 'Save SEO Settings' }).click();
    await toastSays(page, 'SEO settings have been saved successfully.');
    expect(await page.getByTestId('toast').innerText()).toContain('SEO Updated');
    await page.waitForFunction(
      ([t, b]) => {
        const row = [...document.querySelectorAll('[data-testid="seo-row"]')].find((r) => r.textContent?.includes(t as string));
        const s = row?.querySelector('[data-testid="seo-score"]')?.textContent ?? '';
        return Number(/(\d+)\/100/.exec(s)?.[1]) > (b as number);
      },
      [title, before],
      POLL,
    );
    expect(await scoreOf(page, title)).toBeGreaterThan(before);
    const seo = await (await anonymous(`/api/blog/posts/by-slug/${slug}`)).json();
    expect(seo.seoKeywords).toEqual(['rwa', 'treasuries', 'tokenization']);

    // Delete after the confirm.
    await page.getByRole('link', { name: 'Back to Admin' }).click();
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByText('Are you sure you want to delete this blog post?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toastSays(page, 'Blog post deleted successfully');
    await page.getByText('No blog posts found. Create your first post!').waitFor();
    expect((await anonymous(`/api/blog/posts/by-slug/${slug}`)).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it('research article: validation, create featured, edit, public, SEO, delete', async () => {
    const page = tab;
    const errors = watchErrors(page);
    await visit(page, '/admin');
    await page.getByRole('button', { name: 'Create Research' }).click();
    await page.getByRole('heading', { name: 'Create Research Article' }).waitFor();
    const title = `Private Credit Outlook ${uid()}`;
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Content', exact: true }).fill('Private credit '.repeat(150));
    await save(page);
    await toastSays(page, 'Title, content, and author are required');
    expect(await page.getByTestId('author-error').isVisible()).toBe(true);
    expect(await page.getByTestId('title-error').count()).toBe(0);

    await page.getByRole('textbox', { name: 'Author', exact: true }).fill('Ada Analyst');
    await page.getByLabel('Category').selectOption('Market Analysis');
    expect(await page.getByLabel('Category').inputValue()).toBe('Market Analysis');
    await page.getByRole('switch', { name: 'Published' }).click();
    await page.getByRole('switch', { name: 'Featured' }).click();

    // The featured image: one uploaded earlier (here through the API), then a pasted one, which is
    // uploaded and fills the field; then the earlier one is chosen from the uploads, by keyboard.
    const earlier = (await (await uploadPng(makePng(1200, 630))).json()) as { url: string };
    const imageUrl = page.getByLabel('Image URL');
    await pasteImage(imageUrl, makePng(60, 30));
    await toastSays(page, 'Image uploaded');
    const pasted = await imageUrl.inputValue();
    expect(pasted).toMatch(/^\/api\/uploads\/[a-z2-7]+$/);
    expect(pasted).not.toBe(earlier.url);
    const choose = page.getByRole('button', { name: 'Choose from uploads' });
    await choose.focus();
    await page.keyboard.press('Enter');
    expect(await choose.getAttribute('aria-expanded')).toBe('true');
    const picker = page.getByTestId('media-picker');
    const images = picker.getByRole('button');
    await images.first().waitFor();
    // Newest first: the pasted image (the field's, marked chosen), then the earlier one, named by its alt text.
    expect(await images.nth(0).locator('img').getAttribute('src')).toBe(pasted);
    expect(await images.nth(0).getAttribute('aria-pressed')).toBe('true');
    expect(await images.nth(1).locator('img').getAttribute('src')).toBe(earlier.url);
    expect(await images.nth(1).getAttribute('aria-pressed')).toBe('false');
    expect(await images.nth(1).getAttribute('aria-label')).toBeNull();
    expect(await images.nth(1).locator('img').getAttribute('alt')).toMatch(
      /^PNG image, 1200x630, uploaded \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC$/,
    );
    expect(await thumbnailsShown(picker)).toBe(true);
    await takeScreenshot(page, 'admin-media-picker-1280');
    await images.nth(0).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    expect(await imageUrl.inputValue()).toBe(earlier.url);
    expect(await choose.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'admin-research-editor-1280', true);
    await save(page);
    await toastSays(page, 'Research article created successfully');
    await page.getByRole('tab', { name: 'Research' }).waitFor();
    const row = page.getByTestId('content-row').filter({ hasText: title });
    await row.getByText('Featured').waitFor();

    const slug = title.toLowerCase().replace(/ /g, '-');
    const featured = await (await anonymous('/api/research/featured')).json();
    expect(featured).toMatchObject({
      title,
      slug,
      featured: true,
      category: 'Market Analysis',
      author: 'Ada Analyst',
      readingTime: '2 min',
      featuredImage: earlier.url,
    });

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('heading', { name: 'Edit Research Article' }).waitFor();
    expect(await page.getByLabel('Reading Time').inputValue()).toBe('2 min');
    await page.getByLabel('Reading Time').fill('');
    await page.getByRole('textbox', { name: 'Author', exact: true }).fill('Grace Hopper');
    await save(page);
    await toastSays(page, 'Research article updated successfully');
    const pub = await (await anonymous(`/api/research/by-slug/${slug}`)).json();
    expect(pub).toMatchObject({ author: 'Grace Hopper', readingTime: '2 min', published: true });

    await visit(page, '/admin/seo');
    const before = await scoreOf(page, title);
    await page.getByRole('button', { name: `Edit SEO for ${title}` }).click();
    await page.getByLabel('Keywords').fill('private credit, rwa, yield, lending');
    await page.getByRole('button', { name: 'Save SEO Settings' }).click();
    await toastSays(page, 'SEO Updated');
    await page.getByTestId('seo-row').filter({ hasText: title }).getByRole('button', { name: 'Edit SEO' }).waitFor();
    await page.waitForFunction(
      ([t, b]) => {
        const row = [...document.querySelectorAll('[data-testid="seo-row"]')].find((r) => r.textContent?.includes(t as string));
        return Number(/(\d+)\/100/.exec(row?.querySelector('[data-testid="seo-score"]')?.textContent ?? '')?.[1]) === (b as number) + 30;
      },
      [title, before],
      POLL,
    );

    await visit(page, '/admin');
    await page.getByRole('tab', { name: 'Research' }).click();
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByText('Are you sure you want to delete this research article?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toastSays(page, 'Research article deleted successfully');
    await page.getByText('No research articles found. Create your first research article!').waitFor();
    expect((await anonymous('/api/research/featured')).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it('keeps the draft through an expired session and restores it after signing in', async () => {
    const context = await newContext(browser(), base, { signedIn: true });
    const page = await context.newPage();
    await visit(page, '/admin');
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    const title = `Draft Survives ${uid()}`;
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Content', exact: true }).fill('Words that must not be lost.');
    await context.clearCookies(); // the session expires while the admin types
    await save(page);
    await toastSays(page, 'Failed to create blog post');
    await page.getByText('Your session has expired').waitFor();
    // Sent to sign in, and back to the editor's own address.
    await page.waitForURL(/\/login\?redirect=%2Fadmin%2Fblog%2Fnew$/);
    await page.getByLabel('Username').fill(TEST_ADMIN.username);
    await page.getByLabel('Password').fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/admin\/blog\/new$/);
    await page.waitForFunction(
      () => [...document.querySelectorAll('astro-island[client="load"]')].every((e) => !e.hasAttribute('ssr')),
      undefined,
      POLL,
    );
    await page.getByRole('heading', { name: 'Create Blog Post' }).waitFor();
    await page.getByText('Unsaved changes from your last visit were restored.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(title);
    expect(await page.getByRole('textbox', { name: 'Content', exact: true }).innerText()).toBe('Words that must not be lost.');
    await save(page);
    await toastSays(page, 'Blog post created successfully');
    await page.getByTestId('content-row').filter({ hasText: title }).getByText('Draft', { exact: true }).waitFor();
    // Saved: the draft is gone, a new editor starts empty.
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe('');
    await context.close();
  });

  it('refuses a non-image file in the editor and renders at 375 px', async () => {
    const cookie = await loginCookie(base);
    await fetch(base + '/api/research', {
      method: 'POST',
      headers: { Origin: base, Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: `Stablecoin Supply Report ${uid()}`,
        content: 'Stablecoins '.repeat(80),
        author: 'Ada Analyst',
        published: true,
      }),
    });
    const page = tab;
    const errors = watchErrors(page);
    // Loaded at a phone's width.
    await page.setViewportSize(PHONE);
    await visit(page, '/admin');
    await page.getByRole('button', { name: 'Create Blog Post' }).waitFor();
    await screenshot(page, 'admin-list-375', true);
    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noOverflow()).toBe(true);
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    await page.getByLabel('Upload image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toastSays(page, 'Please select an image file');
    expect(await page.getByTestId('toast').innerText()).toContain('Invalid File');
    await page
      .getByLabel('Upload image')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 10) });
    await toastSays(page, 'Please select an image smaller than 5MB');
    expect(await page.getByTestId('toast').innerText()).toContain('File Too Large');
    await screenshot(page, 'admin-blog-editor-375', true);
    expect(await noOverflow()).toBe(true);
    // The uploaded images to choose from, on a 390 px phone: within the screen, each a finger's size.
    await uploadPng(makePng(1200, 630));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Choose from uploads' }).click();
    const picker = page.getByTestId('media-picker');
    await picker.getByRole('button').first().waitFor();
    expect(await thumbnailsShown(picker)).toBe(true);
    await takeScreenshot(page, 'admin-media-picker-390');
    expect(await noOverflow()).toBe(true);
    const box = (await picker.getByRole('button').first().boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Back to Admin' }).click();
    await page.getByRole('button', { name: 'Create Research' }).click();
    await screenshot(page, 'admin-research-editor-375', true);
    expect(await noOverflow()).toBe(true);
    await visit(page, '/admin/seo');
    await page.getByRole('button', { name: 'SEO Best Practices' }).click();
    await page.getByText('between 50-60 characters').waitFor();
    await page
      .getByRole('button', { name: /^Edit SEO for/ })
      .first()
      .click();
    await screenshot(page, 'admin-seo-375', true);
    expect(await noOverflow()).toBe(true);
    expect(errors).toEqual([]);
  });
});

/** One step of typing: text typed as it is, or a shortcut and what it leaves in the text (typed after it). */
type Step = { type: string } | { press: string; then?: string; right?: number; leaves: string };

/**
 * A 2,000-character body full of what a site shortcut or the browser could take: "/" (at the start
 * of lines too), URLs with "?" and "#", headings, "|" tables, and the shortcuts Ctrl/Cmd+B and +I,
 * Ctrl+K (the editor's link) and Meta+K (the site search's other key). `expected` is the text the
 * editor must hold afterwards, character for character.
 */
function writing(): { steps: Step[]; expected: string } {
  const steps: Step[] = [];
  for (let i = 1; steps.map((s) => ('type' in s ? s.type : s.leaves)).join('').length < 2000; i++) {
    steps.push(
      {
        type: `## Part ${i}: reserves and/or yields?\n\n/commodities ${i} sits at https://example.com/rwa/${i}?chain=eth&x=${i}#top, see #${i}.\n`,
      },
      { type: '/' },
      { type: `treasuries/${i} on 2026/11/${10 + i}, and C# or F# notes? Yes. ` },
      { press: 'ControlOrMeta+b', then: `bold ${i}`, right: 2, leaves: `**bold ${i}**` },
      { type: ' and ' },
      { press: 'ControlOrMeta+i', then: 'italic', right: 1, leaves: '*italic*' },
      { type: ' then ' },
      { press: 'Control+k', then: `https://rwa.example/a?b=${i}#c`, right: 1, leaves: `[link text](https://rwa.example/a?b=${i}#c)` },
      { press: 'Meta+k', leaves: '' },
      { type: `\n\n| Asset | Chain | Supply |\n| :-- | :-: | --: |\n| BUIDL ${i} | Ethereum | $2.${i}B |\n\n` },
    );
  }
  return { steps, expected: steps.map((s) => ('type' in s ? s.type : s.leaves)).join('') };
}

/**
 * Types `text`: every character a shortcut or the editor could act on ("/", "?", "#", "|", Markdown
 * marks, Enter) as a real key press; the runs of letters, digits and spaces between them as text
 * input, one event per run (a key event per letter would make this the longest browser test).
 */
async function typeText(page: Page, text: string) {
  for (const [run] of text.matchAll(/[\w ,.;:&$=-]+|[^\w ,.;:&$=-]/g)) {
    if (/^[\w ,.;:&$=-]+$/.test(run)) await page.keyboard.insertText(run);
    else await page.keyboard.type(run);
  }
}

async function typeSteps(page: Page, steps: Step[]) {
  for (const step of steps) {
    if ('type' in step) {
      await typeText(page, step.type);
      continue;
    }
    await page.keyboard.press(step.press);
    if (step.then) await typeText(page, step.then);
    for (let r = 0; r < (step.right ?? 0); r++) await page.keyboard.press('ArrowRight');
  }
}

const bodyOf = (page: Page) => page.getByRole('textbox', { name: 'Content', exact: true });
const bodyText = (page: Page) => bodyOf(page).evaluate((el) => [...el.querySelectorAll('.cm-line')].map((l) => l.textContent).join('\n'));

describe('writing without losing a word', () => {
  // One signed-in tab for the typing and leaving tests, each going on from where the one before left
  // it: a new context would load the admin's scripts, styles and fonts cold again.
  let tab: Page;
  beforeAll(async () => {
    tab = await (await newContext(browser(), base, { signedIn: true })).newPage();
  });
  afterAll(async () => {
    await tab?.context().close();
  });

  it.each([
    { kind: 'blog', create: 'Create Blog Post', api: '/api/blog/posts', throttle: 1, save: 'keys' },
    { kind: 'research', create: 'Create Research', api: '/api/research', throttle: 4, save: 'button' },
  ] as const)(
    '$kind: a 2,000-character body with "/", URLs, tables and shortcuts is stored as typed (CPU x$throttle)',
    async (c) => {
      const page = tab;
      const errors = watchErrors(page);
      // The list: loaded for the first run; the next comes back to it from the editor the run before
      // left open, saved (Back to Admin, with nothing unsaved to ask about).
      const back = page.getByRole('button', { name: 'Back to Admin' });
      if (await back.count()) await back.click();
      else await visit(page, '/admin');
      await page.getByRole('button', { name: c.create }).click();
      await page.waitForURL(`**/admin/${c.kind}/new`);
      const title = `Typed ${c.kind} ${uid()}`;
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      if (c.kind === 'research') await page.getByRole('textbox', { name: 'Author', exact: true }).fill('Ada Analyst');
      // Anything that took the page away, or the focus into the search box, shows here.
      await page.evaluate(() => {
        (window as { stayed?: boolean }).stayed = true;
        document.querySelector('site-search input')?.addEventListener('focus', () => ((window as { searched?: boolean }).searched = true));
      });
      const { steps, expected } = writing();
      expect(expected.length).toBeGreaterThanOrEqual(2000);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: c.throttle });
      await bodyOf(page).click();
      await typeSteps(page, steps);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
      expect(await bodyText(page)).toBe(expected);
      expect(await page.evaluate(() => [(window as { stayed?: boolean }).stayed, (window as { searched?: boolean }).searched])).toEqual([
        true,
        undefined,
      ]);
      expect(new URL(page.url()).pathname).toBe(`/admin/${c.kind}/new`);
      await page.getByTestId('autosave-status').filter({ hasText: 'Unsaved changes' }).waitFor();
      // Ctrl/Cmd+S saves as the Save button does.
      if (c.save === 'keys') await page.keyboard.press('ControlOrMeta+s');
      else await save(page);
      await toastSays(page, c.kind === 'blog' ? 'Blog post created successfully' : 'Research article created successfully');
      await page.waitForURL('**/admin');
      const items = (await (await fetch(base + c.api, { headers: { Cookie: await loginCookie(base) } })).json()) as {
        id: number;
        title: string;
        content: string;
      }[];
      const stored = items.find((i) => i.title === title)!;
      expect(stored.content).toBe(expected);
      // Forward names the saved item by its id now.
      await page.goForward();
      await page.waitForURL(`**/admin/${c.kind}/${stored.id}`);
      await page.getByRole('heading', { name: /^Edit / }).waitFor();
      expect(errors).toEqual([]);
      // Minutes, not seconds, on a loaded 2-core machine with the CPU throttled: ~300 real key presses.
    },
    300_000,
  );

  it('asks before a changed editor is left by a link, Back or Cancel; reloads its address; tells of a newer draft elsewhere', async () => {
    const cookie = await loginCookie(base);
    const title = `Two Tabs ${uid()}`;
    const created = await fetch(base + '/api/blog/posts', {
      method: 'POST',
      headers: { Origin: base, Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title, content: 'First text.' }),
    });
    const { id } = (await created.json()) as { id: number };
    const page = tab;
    const errors = watchErrors(page);
    await visit(page, '/admin');
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.waitForURL(`**/admin/blog/${id}`);
    // A reload of the editor's address gives the same editor.
    await page.reload();
    await hydrated(page, { client: 'load' });
    await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(title);
    await page.getByTestId('autosave-status').filter({ hasText: 'No unsaved changes' }).waitFor();

    await bodyOf(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' Second text.');
    const dialog = page.getByTestId('leave-dialog');
    const stay = async () => {
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('Leave without saving?');
      await dialog.getByRole('button', { name: 'Stay' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(`/admin/blog/${id}`);
      expect(await bodyText(page)).toBe('First text. Second text.');
    };
    // A link (the header's), the browser's Back, Cancel: each asks.
    await page.getByRole('navigation').getByRole('link', { name: 'Networks' }).first().click();
    await stay();
    await page.goBack();
    await stay();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await stay();
    await page
      .getByTestId('autosave-status')
      .filter({ hasText: /^Draft saved \d\d:\d\d UTC$/ })
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'editor-bar-1280');

    // A second browser opens the post while the first holds a newer draft on the server: it is told.
    const other = await newContext(browser(), base, { signedIn: true, viewport: { width: 390, height: 844 } });
    const second = await other.newPage();
    await visit(second, `/admin/blog/${id}`);
    await second.getByTestId('server-draft').waitFor();
    expect(await second.getByTestId('server-draft').innerText()).toMatch(/newer draft .* at .* UTC by /);
    expect(await bodyText(second)).toBe('First text.');
    await screenshot(second, 'editor-bar-390');
    // It keeps its own and writes on: the first is told in turn, before its next autosave overwrites.
    await second.getByRole('button', { name: 'Keep mine' }).click();
    await bodyOf(second).click();
    await second.keyboard.press('ControlOrMeta+End');
    await second.keyboard.type(' From the phone.');
    await second.getByTestId('autosave-status').filter({ hasText: 'Draft saved' }).waitFor({ timeout: 15_000 });
    await bodyOf(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' More.');
    await page.getByTestId('server-draft').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Restore draft' }).click();
    expect(await bodyText(page)).toBe('First text. From the phone.');
    await other.close();

    // Cancel, answered Leave: back to the list, at its address.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('button', { name: `Edit ${title}` }).waitFor();
    expect(errors).toEqual([]);
  }, 180_000);
});
