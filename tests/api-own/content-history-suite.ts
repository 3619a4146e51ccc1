import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server.ts';
import { api } from '../support/http.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { waitForCommits } from '../support/git.ts';

const uid = () => Math.random().toString(36).slice(2, 8);

let server: RunningServer;
let cookie: string;

const call = (path: string, init: Parameters<typeof api>[2] = {}) => api(server.baseUrl, path, { cookie, ...init });

/** The suites, on the server and admin session `ready` gives (one-server.test.ts). */
export function contentHistorySuite(ready: () => { server: RunningServer; cookie: string }) {
  beforeAll(() => {
    ({ server, cookie } = ready());
  });

  describe('history and restore', () => {
    it('lists versions, diffs one against the current text and restores it as a new commit', async () => {
      const title = `History ${uid()}`;
      const item = await (await call('/api/research', { body: { title, content: 'Version one.', author: 'Ada', published: true } })).json();
      await call(`/api/research/${item.id}`, { method: 'PUT', body: { content: 'Version two.' } });
      const versions = await (await call(`/api/content/research/${item.id}/history`)).json();
      expect(versions.map((v: { message: string }) => v.message)).toEqual([
        `Update research article "${title}": text`,
        `Create research article "${title}"`,
      ]);
      expect(versions[0]).toMatchObject({ author: TEST_ADMIN.username, action: 'save' });
      const first = versions[1];

      const diff = await (await call(`/api/content/research/${item.id}/history/${first.id}`)).json();
      expect(diff.lines).toEqual(
        expect.arrayContaining([
          { type: 'del', text: 'Version one.' },
          { type: 'add', text: 'Version two.' },
        ]),
      );

      const restored = await call(`/api/content/research/${item.id}/history/${first.id}/restore`, { method: 'POST' });
      expect(restored.status).toBe(200);
      expect((await restored.json()).content).toBe('Version one.');
      expect(await (await fetch(`${server.baseUrl}/research/${item.slug}`)).text()).toContain('Version one.');
      const log = await waitForCommits(server.contentRepo, `content/research/${item.slug}.md`, 3);
      expect(log[0].subject).toMatch(
        new RegExp(`^Restore research article "${title}" to the version of \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC$`),
      );
      expect(readFileSync(join(server.contentRepo, `content/research/${item.slug}.md`), 'utf8')).toContain('Version one.');
    });

    it('restores a deleted item from the list, under its old id and slug', async () => {
      const title = `Deleted ${uid()}`;
      const item = await (await call('/api/blog/posts', { body: { title, content: 'Gone, then back.', published: true } })).json();
      await call(`/api/blog/posts/${item.id}`, { method: 'DELETE' });
      expect((await fetch(`${server.baseUrl}/blog/${item.slug}`)).status).toBe(404);
      const deleted = await (await call('/api/content/blog/deleted')).json();
      const entry = deleted.find((d: { slug: string }) => d.slug === item.slug);
      expect(entry).toMatchObject({ articleId: item.id, title, author: TEST_ADMIN.username });

      const back = await call(`/api/content/blog/deleted/${entry.revisionId}/restore`, { method: 'POST' });
      expect(back.status).toBe(201);
      expect(await back.json()).toMatchObject({ id: item.id, slug: item.slug, content: 'Gone, then back.', published: true });
      expect((await fetch(`${server.baseUrl}/blog/${item.slug}`)).status).toBe(200);
      const after = await (await call('/api/content/blog/deleted')).json();
      expect(after.some((d: { slug: string }) => d.slug === item.slug)).toBe(false);
      // Twice is refused, not duplicated.
      expect((await call(`/api/content/blog/deleted/${entry.revisionId}/restore`, { method: 'POST' })).status).toBe(409);
      const log = await waitForCommits(server.contentRepo, `content/blog/${item.slug}.md`, 3);
      expect(log[0].subject).toBe(`Restore deleted blog post "${title}"`);
    });

    it("refuses anonymous callers, other kinds' versions and unknown ids", async () => {
      const item = await (await call('/api/blog/posts', { body: { title: `Guard ${uid()}`, content: 'x' } })).json();
      const [version] = await (await call(`/api/content/blog/${item.id}/history`)).json();
      expect((await api(server.baseUrl, `/api/content/blog/${item.id}/history`)).status).toBe(401);
      expect((await api(server.baseUrl, `/api/content/blog/${item.id}/history/${version.id}/restore`, { method: 'POST' })).status).toBe(
        401,
      );
      expect((await api(server.baseUrl, '/api/content/blog/deleted')).status).toBe(401);
      expect((await call(`/api/content/research/${item.id}/history/${version.id}`)).status).toBe(404);
      expect((await call(`/api/content/blog/${item.id}/history/99999999`)).status).toBe(404);
      expect((await call(`/api/content/pages/${item.id}/history`)).status).toBe(404);
      const bad = await call(`/api/content/blog/${item.id}/history/abc`);
      expect(bad.status).toBe(404);
      expect(await bad.json()).toHaveProperty('message');
    });
  });

  describe('draft preview', () => {
    it('shows a draft through its link, not without it, and not after revocation', async () => {
      const title = `Preview ${uid()}`;
      const item = await (await call('/api/blog/posts', { body: { title, content: 'Draft body text.' } })).json();
      expect((await fetch(`${server.baseUrl}/blog/${item.slug}`)).status).toBe(404);

      const link = await (await call(`/api/content/blog/${item.id}/preview-links`, { method: 'POST' })).json();
      expect(link.url).toMatch(/^\/preview\/[a-z2-7]{32}$/);
      const page = await fetch(server.baseUrl + link.url);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('x-robots-tag')).toContain('noindex');
      const html = await page.text();
      expect(html).toContain('Draft body text.');
      expect(html).toContain('data-testid="preview-banner"');
      expect(html).toMatch(/<meta name="robots" content="noindex/);

      // An unsaved change (the autosaved draft) is what the preview shows; the public still sees nothing.
      expect((await call(`/api/content/blog/${item.id}/draft`, { method: 'PUT', body: { content: 'Autosaved change.' } })).status).toBe(
        200,
      );
      expect(await (await fetch(server.baseUrl + link.url)).text()).toContain('Autosaved change.');
      expect((await call(`/api/blog/posts/by-slug/${item.slug}`)).status).toBe(200);
      expect((await (await call(`/api/blog/posts/by-slug/${item.slug}`)).json()).content).toBe('Draft body text.');

      // Without the link (a guessed token) nothing; the admin's own preview needs the session.
      expect((await fetch(`${server.baseUrl}/preview/${'a'.repeat(32)}`)).status).toBe(404);
      const adminPreview = `/admin/preview/blog/${item.id}`;
      expect((await fetch(server.baseUrl + adminPreview, { redirect: 'manual' })).status).toBe(302);
      const own = await call(adminPreview);
      expect(own.status).toBe(200);
      expect(await own.text()).toContain('Autosaved change.');

      const links = await (await call(`/api/content/blog/${item.id}/preview-links`)).json();
      expect(links).toEqual([{ id: link.id, createdAt: link.createdAt, revoked: false }]);
      expect((await call(`/api/content/blog/${item.id}/preview-links/${link.id}`, { method: 'DELETE' })).status).toBe(204);
      expect((await fetch(server.baseUrl + link.url)).status).toBe(404);
      expect((await call(`/api/content/blog/${item.id}/preview-links/${link.id}`, { method: 'DELETE' })).status).toBe(404);

      // Saving clears the autosaved draft.
      await call(`/api/blog/posts/${item.id}`, { method: 'PUT', body: { content: 'Saved for real.' } });
      expect(await (await call(`/api/content/blog/${item.id}/draft`)).json()).toBeNull();
    });

    it('refuses drafts and links for anonymous callers and unknown items', async () => {
      expect((await api(server.baseUrl, '/api/content/blog/1/preview-links', { method: 'POST' })).status).toBe(401);
      expect((await api(server.baseUrl, '/api/content/blog/1/draft', { method: 'PUT', body: { content: 'x' } })).status).toBe(401);
      expect((await call('/api/content/blog/99999999/preview-links', { method: 'POST' })).status).toBe(404);
      expect((await call('/api/content/blog/99999999/draft', { method: 'PUT', body: { content: 'x' } })).status).toBe(404);
      const bad = await call('/api/content/blog/1/draft', { method: 'PUT', body: { title: 5 } });
      expect(bad.status).toBe(400);
    });
  });
}
