/**
 * The anonymous page cache (src/lib/server/cache/response-cache.ts) must never show stale content: an
 * edit through the API, or a change written straight into the database, shows on the next view.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server.ts';
import { blogPost, login, openDb, raw, recordFigures, requireRoute } from './support.ts';

let server: RunningServer;

/** The suite, on the server `ready` gives (tests/reliability/one-server.test.ts). */
export const cacheSuite = (ready: () => RunningServer) =>
  describe('page cache', () => {
    beforeAll(() => {
      server = ready();
    });
    it('shows an edit at once, whether made through the API or in the database', async () => {
      const base = server.baseUrl;
      const cookie = await login(base);
      await requireRoute(base, 'POST', '/api/blog/posts', cookie);
      const post = blogPost('cache-1', { title: 'Cache title one' });
      const created = await raw(base, '/api/blog/posts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: base, Cookie: cookie },
        body: JSON.stringify(post),
      });
      expect(created.status).toBeLessThan(300);
      const id = JSON.parse(created.body).id;
      const page = () => raw(base, `/blog/${post.slug}`);
      // Warm the cache, then check it is really used (same bytes twice).
      const first = await page();
      expect(first.status).toBe(200);
      expect(first.body).toContain('Cache title one');
      expect((await page()).body).toBe(first.body);

      const edit = await raw(base, `/api/blog/posts/${id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Origin: base, Cookie: cookie },
        body: JSON.stringify({ title: 'Cache title two' }),
      });
      expect(edit.status).toBeLessThan(300);
      expect((await page()).body).toContain('Cache title two');

      const db = openDb(server.dbPath);
      await db.execute({ sql: 'UPDATE blog_posts SET title = ? WHERE id = ?', args: ['Cache title three', id] });
      db.close();
      expect((await page()).body).toContain('Cache title three');

      const unpublish = await raw(base, `/api/blog/posts/${id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Origin: base, Cookie: cookie },
        body: JSON.stringify({ published: false }),
      });
      expect(unpublish.status).toBeLessThan(300);
      expect((await page()).status).toBe(404);
      recordFigures('cache', { staleViews: 0 });
    });
  });
