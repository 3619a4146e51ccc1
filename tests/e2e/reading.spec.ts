import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { DESKTOP, PHONE, POLL, screenshot, useBrowser, openPage } from '../support/browser.ts';
import { contentFixtures } from '../support/content.ts';
import { useSharedTab, type Visit } from '../support/shared-tab.ts';

const base = inject('baseUrl');
const fixtures = contentFixtures(inject('databaseUrl'));

const POST = '/blog/welcome-to-rwa-analytics';
const POST_WITHOUT_IMAGE = '/blog/weekly-rwa-recap-2025-09-12';
const ARTICLE = '/research/state-of-tokenized-treasuries-2025';

const browser = useBrowser();
// The read-only visits share one tab; the Share tests change the browser (init scripts, permissions):
// the two without a share sheet share a tab set up for that, the one with a share sheet opens its own.
const tab = useSharedTab(browser, base);
const noShareSheetTab = useSharedTab(browser, base, { setup: withoutShareSheet });
beforeAll(async () => {
  await fixtures.post({ slug: 'e2e-broken-image', title: 'Broken image post', featuredImage: '/images/does-not-exist.jpg' });
  await fixtures.post({ slug: 'e2e-draft-post', title: 'Draft post', published: false });
});
afterAll(async () => {
  await fixtures.cleanup();
});

/** The page is no wider than the viewport (nothing forces horizontal scrolling). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Lays an article's loaded page out again at 375 px, from the top: its table of contents stands above
 * the body and nothing overflows sideways. Saves the screen as `shot`; returns the contents' box.
 */
async function tocAboveBodyAtPhone(page: Page, shot: string) {
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const toc = (await page.getByTestId('toc').boundingBox())!;
  const body = (await page.locator('.prose-body').boundingBox())!;
  expect(toc.y + toc.height).toBeLessThanOrEqual(body.y);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, shot);
  return { toc };
}

/** Share without a share sheet: navigator.share removed, clipboard allowed. */
async function withoutShareSheet(context: BrowserContext) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
}

/** The body headings are at the levels the spec states, none skips a level, and the TOC lists exactly them, indented by level. */
async function expectHeadingsFollowed(page: Page, path: string) {
  // Every heading of the page in document order, as the heading-order audit reads them.
  const headings = await page.$$eval('h1, h2, h3, h4, h5, h6', (hs) =>
    hs.map((h) => ({ level: Number(h.tagName[1]), id: h.id, text: h.textContent?.trim() })),
  );
  for (let i = 1; i < headings.length; i++) {
    expect(headings[i].level - headings[i - 1].level, `${path}: ${headings[i - 1].text} -> ${headings[i].text}`).toBeLessThanOrEqual(1);
  }
  expect(headings[0].level).toBe(1);
  // The body's '#' headings are h1 and its '##' ones h2 (the seeded texts use both).
  const body = page.locator('.prose-body');
  expect(await body.locator('h1').count()).toBeGreaterThan(1);
  expect(await body.locator('h2').count()).toBeGreaterThan(0);
  // The TOC lists exactly the body's headings, in order, indented by level.
  const bodyHeadings = await body
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((hs) => hs.map((h) => ({ id: h.id, level: Number(h.tagName[1]) })));
  const entries = await page
    .getByTestId('toc')
    .locator('li')
    .evaluateAll((lis) => lis.map((li) => ({ id: li.querySelector('a')!.getAttribute('href')!.slice(1), indent: li.className })));
  expect(entries.map((e) => e.id)).toEqual(bodyHeadings.map((h) => h.id));
  const top = Math.min(...bodyHeadings.map((h) => h.level));
  entries.forEach((e, i) => {
    const step = bodyHeadings[i].level - top;
    expect(e.indent, e.id).toBe(['', 'pl-3', 'pl-6', 'pl-9', 'pl-12', 'pl-14'][step]);
  });
}

describe('/authors/{slug}', () => {
  it("shows the author's display name and line, and lists their posts by name", async () => {
    const { page, errors, status } = await tab.visit('/authors/rwa-analytics-editors');
    expect(status).toBe(200);
    expect(await page.getByTestId('author-name').textContent()).toMatch(/^\s*RWA Analytics Editors\s*$/);
    expect(await page.getByTestId('author-bio').textContent()).toMatch(/editors of RWA Analytics/);
    // The seeded post stored with the default author id 'default-author'.
    const card = page.getByTestId('article-card').filter({ hasText: 'Weekly RWA Recap' });
    expect(await card.count()).toBe(1);
    expect(await card.innerText()).toContain('RWA Analytics Editors ·');
    expect(await page.getByText('default-author').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('/blog/{slug}', () => {
  describe('at 1280 px, one load for the checks that read it', () => {
    let loaded: Visit;
    beforeAll(async () => {
      loaded = await tab.visit(POST);
    });

    it('shows every part of a post, with the table of contents beside the body on large screens', async () => {
      const { page, errors, status } = loaded;
      expect(status).toBe(200);
      expect(await page.title()).toBe('Welcome to RWA Analytics: $29B of Real-World Assets Onchain | RWA Analytics');
      const post = page.getByTestId('blog-post');
      expect(await post.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
      const image = post.locator('img').first();
      expect(await image.getAttribute('src')).toBe('/images/blog/welcome.jpg');
      expect(await image.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
      expect(await post.getByText('Blog Post', { exact: true }).isVisible()).toBe(true);
      expect(await post.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);
      // The page title is the first h1; the body's '#' headings are h1s too (spec: # is heading level 1).
      expect(await page.locator('h1').first().textContent()).toBe('Welcome to RWA Analytics: Tracking $29B of Real-World Assets Onchain');
      expect(await post.locator('header h1').count()).toBe(1);
      expect(await post.getByText(/^Tokenized treasuries, private credit, commodities and stablecoins now add up/).isVisible()).toBe(true);
      // The author by display name (content/authors.json), not the stored id, linking to their page.
      const author = post.getByTestId('author');
      expect(await author.textContent()).toBe('RWA Analytics Team');
      expect(await author.getAttribute('data-author-id')).toBe('rwa-analytics-team');
      expect(await author.getAttribute('href')).toBe('/authors/rwa-analytics-team');
      expect(await post.getByTestId('date').textContent()).toBe('September 12, 2025');
      // The body: the spec's markup rendered (headings, bold, lists).
      const body = post.locator('.prose-body');
      expect(await body.locator('h1').first().textContent()).toBe('Why we built this');
      expect(await body.locator('strong').first().textContent()).toBe('12 September 2025');
      expect(await body.locator('ul > li').count()).toBeGreaterThan(3);
      // TOC to the right of the body, at the same height.
      const toc = await page.getByTestId('toc').boundingBox();
      const text = await body.boundingBox();
      expect(toc!.x).toBeGreaterThan(text!.x + text!.width - 1);
      expect(Math.abs(toc!.y - text!.y)).toBeLessThan(40);
      expect(await page.getByTestId('tags').getByRole('listitem').allTextContents()).toEqual(['#announcement', '#rwa', '#methodology']);
      const stay = page.getByTestId('stay-updated');
      expect(await stay.getByRole('heading', { name: 'Stay Updated' }).isVisible()).toBe(true);
      // The spec's target (/); the blog list is linked beside 'Back to Home' instead.
      expect(await stay.getByRole('link', { name: 'View All Posts' }).getAttribute('href')).toBe('/');
      expect(await post.getByRole('link', { name: 'All blog posts' }).getAttribute('href')).toBe('/blog');
      expect(await stay.getByRole('link', { name: 'Subscribe to Newsletter' }).isVisible()).toBe(true);
      await screenshot(page, 'blog-post-1280');
      expect(errors).toEqual([]);
    });

    it('renders the body headings at the levels the spec states; no heading skips a level; the TOC follows them', async () => {
      await expectHeadingsFollowed(loaded.page, POST);
    });

    it('table-of-contents links scroll to their headings', async () => {
      const { page } = loaded;
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      const link = page.getByTestId('toc').getByRole('link', { name: 'How to read our numbers' });
      const href = await link.getAttribute('href');
      expect(href).toBe('#how-to-read-our-numbers');
      const heading = page.locator(href!);
      expect(await heading.evaluate((h) => h.getBoundingClientRect().top)).toBeGreaterThan(800);
      await link.click();
      await page.waitForFunction(
        (id) => {
          const top = document.getElementById(id)!.getBoundingClientRect().top;
          return top >= 0 && top < 160;
        },
        'how-to-read-our-numbers',
        { timeout: 5000 },
      );
      expect(new URL(page.url()).hash).toBe('#how-to-read-our-numbers');
      // Not hidden under the sticky header.
      const headerBottom = await page
        .locator('header')
        .first()
        .evaluate((h) => h.getBoundingClientRect().bottom);
      expect(await heading.evaluate((h) => h.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerBottom - 1);
    });

    it('at 375 px (the same load, laid out again): TOC above the body, no horizontal overflow', async () => {
      const { toc } = await tocAboveBodyAtPhone(loaded.page, 'blog-post-375');
      expect(toc.width).toBeGreaterThan(300);
    });
  });

  it('Share without a share sheet copies the URL and toasts', async () => {
    const { page, errors } = await noShareSheetTab.visit(POST);
    await page.bringToFront();
    await page.getByRole('button', { name: 'Share' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor({ timeout: 10_000 });
    expect(await toast.textContent()).toContain('Link Copied');
    expect(await toast.textContent()).toContain('Blog post link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(base + POST);
    expect(errors).toEqual([]);
  });

  it('Share uses the device share sheet with title, excerpt and URL when there is one', async () => {
    const { page, context } = await openPage(browser(), base, POST, {
      setup: async (c) => {
        await c.addInitScript(() => {
          Object.defineProperty(Navigator.prototype, 'share', {
            configurable: true,
            value: (data: ShareData) => {
              (window as unknown as { shared: ShareData }).shared = data;
              return Promise.resolve();
            },
          });
          // A copy after the share sheet would be the fallback running too: recorded, never made.
          Object.defineProperty(Clipboard.prototype, 'writeText', {
            configurable: true,
            value: (text: string) => {
              (window as unknown as { copied: string }).copied = text;
              return Promise.resolve();
            },
          });
        });
      },
    });
    await page.getByRole('button', { name: 'Share' }).click();
    await page.waitForFunction(() => 'shared' in window, undefined, POLL);
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData }).shared);
    expect(shared).toEqual({
      title: 'Welcome to RWA Analytics: Tracking $29B of Real-World Assets Onchain',
      text: expect.stringMatching(/^Tokenized treasuries, private credit/),
      url: base + POST,
    });
    // The share promise has settled and two frames have passed: a fallback copy or toast would be there by now.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => 'copied' in window)).toBe(false);
    expect(await page.getByTestId('toast').count()).toBe(0);
    await context.close();
  });

  it('a post without an image shows the placeholder carrying its title', async () => {
    const { page } = await tab.visit(POST_WITHOUT_IMAGE);
    const image = page.getByTestId('blog-post').locator('img').first();
    const src = (await image.getAttribute('src'))!;
    expect(src.startsWith('/api/placeholder?text=')).toBe(true);
    expect(new URL(src, base).searchParams.get('text')).toBe('Weekly RWA Recap: Stablecoins Pass $278B as Tokenized Treasuries Hit $7.4B');
    await page.waitForFunction((img) => (img as HTMLImageElement).complete, await image.elementHandle(), POLL);
    expect(await image.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(1200);
  });

  it('a broken image falls back to the placeholder', async () => {
    const { page } = await tab.visit('/blog/e2e-broken-image');
    const image = page.getByTestId('blog-post').locator('img').first();
    await page.waitForFunction(
      (img) =>
        (img as HTMLImageElement).src.includes('/api/placeholder?text=Broken%20image%20post') && (img as HTMLImageElement).naturalWidth > 0,
      await image.elementHandle(),
      { timeout: 10_000 },
    );
  });

  it('unknown and draft posts: HTTP 404 with Post Not Found and a link home', async () => {
    for (const path of ['/blog/no-such-post', '/blog/e2e-draft-post']) {
      const { page, status } = await tab.visit(path);
      expect(status).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Post Not Found');
      expect(await page.getByText("The blog post you're looking for doesn't exist.").isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
      expect(await page.getByText('Draft post').count()).toBe(0);
    }
  });
});

describe('/research', () => {
  describe('at 1280 px, one load (the card that opens its article last)', () => {
    let loaded: Visit;
    beforeAll(async () => {
      loaded = await tab.visit('/research');
    });

    it('shows the featured article, the library, the signup, the latest research and the contact block', async () => {
      const { page, errors, status } = loaded;
      expect(status).toBe(200);
      expect(await page.locator('h1').allTextContents()).toEqual(['Research & Insights']);
      const featured = page.getByTestId('featured-article');
      expect(await featured.getByRole('link').first().getAttribute('href')).toBe(ARTICLE);
      expect(await featured.getByText('Featured', { exact: true }).isVisible()).toBe(true);
      const library = page.getByTestId('library').getByRole('link');
      expect(await library.count()).toBe(3);
      for (const href of await library.evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
        expect(href).toMatch(/^\/research\/[a-z0-9-]+$/);
      const cards = page.getByTestId('latest-research').getByTestId('article-card');
      expect(await cards.count()).toBe(5);
      const hrefs = await cards.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      for (const href of hrefs) expect(href).toMatch(/^\/research\/[a-z0-9-]+$/);
      expect(hrefs).not.toContain(ARTICLE);
      expect(await page.getByRole('heading', { name: 'Latest Research' }).isVisible()).toBe(true);
      expect(await page.locator('#contact').getByRole('link', { name: 'Contact the Research Team' }).isVisible()).toBe(true);
      // Every category of the starter content is on the page.
      const text = await page.locator('main').textContent();
      for (const c of ['Research', 'Product Update', 'Guest Post', 'Market Analysis', 'Industry News']) expect(text).toContain(c);
      await screenshot(page, 'research-1280');
      expect(errors).toEqual([]);
    });

    it('newsletter: checks the address, then thanks the reader without calling the server', async () => {
      const { page } = loaded;
      const requests: string[] = [];
      const record = (r: Request) => r.method() !== 'GET' && requests.push(r.url());
      page.on('request', record);
      const signup = page.getByTestId('newsletter');
      const email = signup.getByLabel('Email address');
      await email.fill('not-an-email');
      await signup.getByRole('button', { name: 'Subscribe' }).click();
      expect(await signup.getByRole('status').textContent()).toBe('Please enter a valid email address.');
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      await email.fill('reader@example.com');
      await signup.getByRole('button', { name: 'Subscribe' }).click();
      expect(await signup.getByRole('status').textContent()).toContain('Thanks for subscribing!');
      expect(await email.inputValue()).toBe('');
      page.off('request', record);
      expect(requests).toEqual([]);
    });

    it('at 375 px (the same load, laid out again): no horizontal overflow', async () => {
      const { page } = loaded;
      await page.setViewportSize(PHONE);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'research-375');
      await page.setViewportSize(DESKTOP);
    });

    it('a card opens its article', async () => {
      const { page } = loaded;
      const card = page.getByTestId('article-card').first();
      const href = await card.locator('a').getAttribute('href');
      await card.click({ position: { x: 20, y: 20 } });
      await page.waitForURL(base + href);
      expect(await page.getByTestId('research-article').count()).toBe(1);
    });
  });
});

describe('/research/{slug}', () => {
  describe('at 1280 px, one load for the checks that read it', () => {
    let loaded: Visit;
    beforeAll(async () => {
      loaded = await tab.visit(ARTICLE);
    });

    it('shows every part of an article', async () => {
      const { page, errors, status } = loaded;
      expect(status).toBe(200);
      const article = page.getByTestId('research-article');
      expect(await article.locator('img').first().getAttribute('src')).toBe('/images/research/tokenized-treasuries.jpg');
      expect(await article.getByTestId('category').textContent()).toBe('Research');
      expect(await article.getByTestId('featured-badge').textContent()).toBe('Featured');
      expect(await article.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);
      expect(await page.locator('h1').first().textContent()).toBe('The State of Tokenized Treasuries: From $100M to $7.4B');
      expect(await article.locator('header h1').count()).toBe(1);
      expect(await article.getByText(/^Tokenized U.S. Treasury products grew roughly seventy-fold/).isVisible()).toBe(true);
      expect(await article.getByTestId('author').textContent()).toBe('RWA Research Team');
      expect(await article.getByTestId('reading-time').textContent()).toMatch(/^\d+ min read$/);
      expect(await article.getByTestId('date').textContent()).toBe('September 14, 2025');
      const toc = page.getByTestId('toc').getByRole('link');
      expect(await toc.count()).toBeGreaterThan(5);
      for (const id of await toc.evaluateAll((as) => as.map((a) => a.getAttribute('href')!.slice(1)))) {
        expect(id.length).toBeLessThanOrEqual(50);
        expect(await page.locator(`[id="${id}"]`).count()).toBe(1);
      }
      expect(await page.getByTestId('tags').getByRole('listitem').count()).toBe(3);
      expect(await article.getByTestId('newsletter').isVisible()).toBe(true);
      await screenshot(page, 'research-article-1280');
      expect(errors).toEqual([]);
    });

    it('renders the body headings at the levels the spec states; no heading skips a level; the TOC follows them', async () => {
      await expectHeadingsFollowed(loaded.page, ARTICLE);
    });

    it('at 375 px (the same load, laid out again): TOC above the body, no horizontal overflow', async () => {
      await tocAboveBodyAtPhone(loaded.page, 'research-article-375');
    });
  });

  it('a non-featured article has no Featured badge', async () => {
    const { page } = await tab.visit('/research/tokenized-gold-xaut-paxg');
    expect(await page.getByTestId('category').textContent()).toBe('Industry News');
    expect(await page.getByTestId('featured-badge').count()).toBe(0);
  });

  it('Share without a share sheet copies the URL and toasts', async () => {
    const { page } = await noShareSheetTab.visit(ARTICLE);
    await page.bringToFront();
    await page.getByRole('button', { name: 'Share' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor({ timeout: 10_000 });
    expect(await toast.textContent()).toContain('Link Copied');
    expect(await toast.textContent()).toContain('Article link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(base + ARTICLE);
  });

  it('unknown article: HTTP 404 with Article Not Found and Back to Research', async () => {
    const { page, status } = await tab.visit('/research/no-such-article');
    expect(status).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Article Not Found');
    expect(await page.getByText("The article you're looking for doesn't exist.").isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Back to Research' }).click();
    // The link is followed: the research page's own load is checked in its describe.
    await page.waitForURL(base + '/research', { waitUntil: 'commit' });
  });
});
