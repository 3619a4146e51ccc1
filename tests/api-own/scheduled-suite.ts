import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server.ts';
import { api } from '../support/http.ts';

const HOUR = 3600_000;

/**
 * Scheduled publishing against a server whose clock the test moves (TEST_CLOCK_FILE holds an
 * offset in ms, read on every use): no restart and no write between "before" and "after".
 */
/** The suite, on the server, admin session and clock file `ready` gives (clock-server.test.ts). */
export const scheduledSuite = (ready: () => { server: RunningServer; cookie: string; clockFile: string }) =>
  describe('scheduled publishing', () => {
    let server: RunningServer;
    let cookie: string;
    let clockFile: string;
    beforeAll(() => {
      ({ server, cookie, clockFile } = ready());
      writeFileSync(clockFile, '0');
    });

    /** Every public surface, as an anonymous visitor sees it: which of them show the two items. */
    async function surfaces(post: { slug: string; title: string }, article: { slug: string; title: string }) {
      const text = async (path: string) => (await fetch(server.baseUrl + path)).text();
      const status = async (path: string) => (await fetch(server.baseUrl + path)).status;
      const posts = (await (await api(server.baseUrl, '/api/blog/posts?published=true')).json()) as { slug: string }[];
      const articles = (await (await api(server.baseUrl, '/api/research')).json()) as { slug: string }[];
      const featured = await api(server.baseUrl, '/api/research/featured');
      const sitemap = await text('/sitemap.xml');
      const rss = await text('/rss.xml');
      return {
        postPage: await status(`/blog/${post.slug}`),
        articlePage: await status(`/research/${article.slug}`),
        postBySlug: (await api(server.baseUrl, `/api/blog/posts/by-slug/${post.slug}`)).status,
        articleBySlug: (await api(server.baseUrl, `/api/research/by-slug/${article.slug}`)).status,
        postList: posts.some((p) => p.slug === post.slug),
        articleList: articles.some((a) => a.slug === article.slug),
        latestNews: (await text('/')).includes(post.title),
        researchPage: (await text('/research')).includes(article.title),
        featured: featured.ok && (await featured.json()).slug === article.slug,
        sitemap: sitemap.includes(`/blog/${post.slug}<`) && sitemap.includes(`/research/${article.slug}<`),
        rss: rss.includes(post.title) && rss.includes(article.title),
      };
    }

    it('keeps a future-dated item off every public surface until its moment, then shows it without a restart or write', async () => {
      const at = new Date(Date.now() + HOUR).toISOString();
      const tag = Math.random().toString(36).slice(2, 8);
      const postRes = await api(server.baseUrl, '/api/blog/posts', {
        cookie,
        body: { title: `Scheduled Post ${tag}`, content: 'Coming soon.', published: true, publishedAt: at },
      });
      expect(postRes.status).toBe(201);
      const post = await postRes.json();
      expect(post.publishedAt).toBe(at);
      const article = await (
        await api(server.baseUrl, '/api/research', {
          cookie,
          body: {
            title: `Scheduled Article ${tag}`,
            content: 'Coming soon.',
            author: 'Ada',
            featured: true,
            published: true,
            publishedAt: at,
          },
        })
      ).json();

      const before = await surfaces(post, article);
      expect(before).toEqual({
        postPage: 404,
        articlePage: 404,
        postBySlug: 404,
        articleBySlug: 404,
        postList: false,
        articleList: false,
        latestNews: false,
        researchPage: false,
        featured: false,
        sitemap: false,
        rss: false,
      });
      // The admin sees it in the list (shown as Scheduled there).
      const adminList = (await (await api(server.baseUrl, '/api/blog/posts', { cookie })).json()) as { slug: string }[];
      expect(adminList.some((p) => p.slug === post.slug)).toBe(true);

      // The moment passes (the server's clock moves on an hour): everything shows it, caches included.
      writeFileSync(clockFile, String(HOUR + 5_000));
      const after = await surfaces(post, article);
      expect(after).toEqual({
        postPage: 200,
        articlePage: 200,
        postBySlug: 200,
        articleBySlug: 200,
        postList: true,
        articleList: true,
        latestNews: true,
        researchPage: true,
        featured: true,
        sitemap: true,
        rss: true,
      });
      writeFileSync(clockFile, '0');
    });

    it('no public answer may be cached past the next scheduled moment', async () => {
      writeFileSync(clockFile, '0');
      const seconds = 30;
      const at = new Date(Date.now() + seconds * 1000).toISOString();
      await api(server.baseUrl, '/api/blog/posts', {
        cookie,
        body: { title: `Soon ${Math.random()}`, content: 'Soon.', published: true, publishedAt: at },
      });
      for (const path of ['/', '/research', '/sitemap.xml', '/rss.xml', '/blog/welcome-to-rwa-analytics']) {
        const cc = (await fetch(server.baseUrl + path)).headers.get('cache-control') ?? '';
        const sMaxAge = Number(/s-maxage=(\d+)/.exec(cc)?.[1]);
        const stale = Number(/stale-while-revalidate=(\d+)/.exec(cc)?.[1] ?? 0);
        expect(sMaxAge + stale, `${path}: ${cc}`).toBeLessThanOrEqual(seconds);
      }
    });

    it('refuses a publish date that is not an ISO date-time', async () => {
      const res = await api(server.baseUrl, '/api/blog/posts', {
        cookie,
        body: { title: 'Bad date', content: 'x', publishedAt: 'tomorrow' },
      });
      expect(res.status).toBe(400);
      expect((await res.json()).issues.publishedAt).toBeDefined();
    });
  });
