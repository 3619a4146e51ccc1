import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, POLL, hydrated, screenshot, useBrowser } from '../support/browser.ts';
import { makePng } from '../support/images.ts';
import { loginCookie } from '../support/http.ts';
import { useSharedTab } from '../support/shared-tab.ts';
import { sniffImage } from '#lib/server/content/image-sniff.ts';

// The admin's Markdown editor. Nothing here is saved: the shared server's posts stay as seeded.
const base = inject('baseUrl');
const browser = useBrowser();
// One signed-in tab, moved to a new editor's address for each test: a new context would load the
// admin's scripts and styles cold again.
const tab = useSharedTab(browser, base, {
  signedIn: true,
  // CodeMirror writes its styles at run time: a CSP refusal would leave the editor unstyled, silently.
  setup: async (context) => {
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => {
        throw new Error(`CSP refused ${e.violatedDirective}: ${e.sample}`);
      }),
    );
  },
});

/** An empty new post's editor: the draft a test before kept in this browser is dropped first. */
async function openEditor(viewport = DESKTOP) {
  // The editor writes a draft still pending when its page is left: written now (pagehide), then dropped.
  if (tab.page.url().startsWith(base))
    await tab.page.evaluate(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide'));
      localStorage.clear();
    });
  const { page, errors } = await tab.visit('/admin/blog/new', { viewport });
  await hydrated(page, { client: 'load' });
  await page.getByRole('heading', { name: 'Create Blog Post' }).waitFor();
  // Empty: CodeMirror shows its placeholder only over an empty text.
  await body(page).locator('.cm-placeholder').waitFor();
  return { page, errors };
}

/** Full page from the top, so the sticky header sits where the admin sees it. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, true);
}

const body = (page: Page) => page.getByRole('textbox', { name: 'Content', exact: true });
/** The editor's text, one line per line (CodeMirror draws each line as a block). */
const bodyText = (page: Page) => body(page).evaluate((el) => [...el.querySelectorAll('.cm-line')].map((l) => l.textContent).join('\n'));

describe('admin Markdown editor', () => {
  it('previews a heading typed a moment before, through the site pipeline and its sanitiser', async () => {
    const { page, errors } = await openEditor();
    await body(page).click();
    await page.keyboard.type('## Reserves grew\n\nOn-chain <img src="x" onerror="window.hit=1"> **cash**.');
    const preview = page.getByTestId('live-preview');
    await preview.getByRole('heading', { level: 2, name: 'Reserves grew' }).waitFor();
    await preview.locator('strong', { hasText: 'cash' }).waitFor();
    // The sanitiser ran: the image's handler is gone, nothing fired, and no id of the body clashes with the form's.
    expect(await preview.locator('[onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { hit?: number }).hit)).toBeUndefined();
    expect(await preview.locator('[id]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('formats with the toolbar and the shortcuts', async () => {
    const { page } = await openEditor();
    await body(page).click();
    await page.keyboard.type('Tokenized funds');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Control+b');
    expect(await bodyText(page)).toBe('**Tokenized funds**');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Heading' }).click();
    expect(await bodyText(page)).toBe('## **Tokenized funds**');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('BUIDL');
    await page.keyboard.press('Control+Shift+8');
    expect(await bodyText(page)).toBe('## **Tokenized funds**\n- BUIDL');
    // Enter continues the list.
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('BENJI');
    expect(await bodyText(page)).toBe('## **Tokenized funds**\n- BUIDL\n- BENJI');
    await page.getByTestId('live-preview').locator('li', { hasText: 'BENJI' }).waitFor();
  });

  it('keeps the site shortcuts\' keys in the text: "/", Ctrl+K and Meta+K, F8', async () => {
    const { page, errors } = await openEditor();
    await body(page).click();
    await page.keyboard.type('/commodities and/or 2026/11');
    await page.keyboard.press('Meta+k');
    await page.keyboard.press('F8');
    await page.keyboard.type('\n/');
    const search = page.getByRole('combobox', { name: /Search/ });
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(false);
    expect(await search.inputValue()).toBe('');
    expect(await bodyText(page)).toBe('/commodities and/or 2026/11\n/');
    // Outside a text field the shortcuts still work.
    await page.getByRole('heading', { name: 'Create Blog Post' }).click();
    await page.keyboard.press('/');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('keeps every key typed while the page is slow to render what came before', async () => {
    const { page, errors } = await openEditor();
    // A slow phone, or a busy machine: React renders each change some time after the keys that made
    // it. A late render used to write its older text back over the editor, losing keys ("thereum").
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await body(page).click();
    const typed = '## Supply by chain\n\nEthereum holds most of it, then Solana and Stellar.\n\nBUIDL leads.';
    await page.keyboard.type(typed);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    await page.getByTestId('live-preview').getByText('BUIDL leads.').waitFor();
    expect(await bodyText(page)).toBe(typed);
    expect(errors).toEqual([]);
  });

  it('uploads a pasted image into the body as Markdown pointing to the served file', async () => {
    const { page, errors } = await openEditor();
    await body(page).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Tokenized treasuries by chain');
    await body(page).click();
    await page.keyboard.type('## Supply by chain\n\nEthereum holds **most** of it.\n\n');
    const png = makePng(1600, 900).toString('base64');
    await body(page).evaluate((el, b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'supply-chart.png', { type: 'image/png' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, png);
    await body(page)
      .getByText(/!\[supply-chart\]\(\/api\/uploads\/[a-z2-7]+\)/)
      .waitFor();
    const text = await bodyText(page);
    expect(text).toMatch(
      /^## Supply by chain\n\nEthereum holds \*\*most\*\* of it\.\n\n!\[supply-chart\]\(\/api\/uploads\/[a-z2-7]+\)\n?$/,
    );
    const url = /\((\/api\/uploads\/[a-z2-7]+)\)/.exec(text)![1];
    // The file is served (to the admin: a draft's image is private until a published item shows it),
    // resized and re-encoded like the featured image: 1200 px wide JPEG.
    const image = await fetch(base + url, { headers: { Cookie: await loginCookie(base) } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(sniffImage(new Uint8Array(await image.arrayBuffer()))).toMatchObject({ width: 1200, height: 675 });
    // The preview shows it, loaded.
    const shown = page.getByTestId('live-preview').locator(`img[src="${url}"]`);
    await shown.waitFor();
    await page.waitForFunction(
      (u) => (document.querySelector(`[data-testid="live-preview"] img[src="${u}"]`) as HTMLImageElement | null)?.naturalWidth === 1200,
      url,
      POLL,
    );
    // The editor fills its box beside the taller preview: a click under a short text still lands in it.
    const host = (await page.getByTestId('markdown-editor').boundingBox())!;
    const editorHeight = await body(page).evaluate((el) => el.closest('.cm-editor')!.getBoundingClientRect().height);
    expect(host.height).toBeGreaterThan(320);
    expect(Math.abs(editorHeight - host.height)).toBeLessThan(1);
    await shot(page, 'editor-1280');
    expect(errors).toEqual([]);
  });

  it("refuses a dropped file that is not an image with the spec's toast, leaving the text alone", async () => {
    const { page, errors } = await openEditor();
    await body(page).click();
    await page.keyboard.type('Notes follow.');
    await body(page).evaluate((el) => {
      const data = new DataTransfer();
      data.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
      const { left, top } = el.getBoundingClientRect();
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, clientX: left + 5, clientY: top + 5, bubbles: true, cancelable: true }));
    });
    await page.getByTestId('toast').filter({ hasText: 'Please select an image file' }).waitFor();
    expect(await page.getByTestId('toast').innerText()).toContain('Invalid File');
    expect(await bodyText(page)).toBe('Notes follow.');
    expect(errors).toEqual([]);
  });

  it("marks an empty title inline beside the spec's toast, at 390 px", async () => {
    const { page, errors } = await openEditor({ width: 390, height: 844 });
    await body(page).click();
    await page.keyboard.type('# A body without a title');
    await page.getByRole('button', { name: 'Save', exact: true }).last().click();
    await page.getByTestId('toast').getByText('Title and content are required').waitFor();
    expect(await page.getByTestId('toast').innerText()).toContain('Validation Error');
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    expect(await page.getByTestId('title-error').innerText()).toBe('Enter a title.');
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect(await title.getAttribute('aria-describedby')).toBe('title-error');
    expect(await body(page).getAttribute('aria-invalid')).toBe('false');
    expect(await title.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByTestId('content-error').count()).toBe(0);
    await page.getByTestId('live-preview').getByRole('heading', { name: 'A body without a title' }).waitFor();
    await shot(page, 'editor-390-error');
    // Typing a title takes its error away.
    await title.fill('Now titled');
    await page.getByTestId('title-error').waitFor({ state: 'detached' });
    await shot(page, 'editor-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
  });
});
