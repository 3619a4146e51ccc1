/**
 * Non-ASCII slugs in git and in the index: a delete or a rename of "Café crème"
 * reaches git (git quotes such names in its default output, and the comparison with the path used
 * to miss); the same words typed composed (NFC) or decomposed (NFD, as macOS sends them) are one
 * slug; a slug of nothing visible is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server.ts';
import { api } from '../support/http.ts';
import { gitOut, waitForCommits } from '../support/git.ts';

const uid = () => Math.random().toString(36).slice(2, 8);
const post = (title: string, slug?: string) => ({ title, slug, content: `## Intro\n\nText of ${title}.`, published: true });

/** The suite, on the server and admin session `ready` gives (one-server.test.ts). */
export const contentUnicodeSuite = (ready: () => { server: RunningServer; cookie: string }) =>
  describe('non-ASCII slugs', () => {
    let server: RunningServer;
    let cookie: string;
    beforeAll(() => {
      ({ server, cookie } = ready());
    });

    const tracked = () => gitOut(server.contentRepo, '-c', 'core.quotePath=false', 'ls-files', 'content/blog').split('\n');

    it('a deleted "Café crème" leaves git, and a renamed one leaves its old name behind', async () => {
      const tag = uid();
      const created = await (await api(server.baseUrl, '/api/blog/posts', { cookie, body: post(`Café crème ${tag}`) })).json();
      expect(created.slug).toBe(`café-crème-${tag}`);
      const file = `content/blog/${created.slug}.md`;
      await waitForCommits(server.contentRepo, file, 1);
      expect(tracked()).toContain(file);

      const renamed = await api(server.baseUrl, `/api/blog/posts/${created.id}`, {
        method: 'PUT',
        cookie,
        body: { ...post(created.title), slug: `crème-brûlée-${tag}` },
      });
      expect(renamed.status).toBe(200);
      const newFile = `content/blog/crème-brûlée-${tag}.md`;
      await waitForCommits(server.contentRepo, newFile, 1);
      await expect.poll(tracked, { timeout: 20_000 }).not.toContain(file);

      expect((await api(server.baseUrl, `/api/blog/posts/${created.id}`, { method: 'DELETE', cookie })).status).toBe(204);
      await waitForCommits(server.contentRepo, newFile, 2);
      await expect.poll(tracked, { timeout: 20_000 }).not.toContain(newFile);
    });

    it('NFC and NFD spellings of one slug are one item: the second is a conflict, and either finds it', async () => {
      const words = `한국 채권 ${uid()}`;
      const first = await api(server.baseUrl, '/api/blog/posts', { cookie, body: post(words.normalize('NFC')) });
      expect(first.status).toBe(201);
      const { slug } = await first.json();
      expect(slug).toBe(slug.normalize('NFC'));
      const second = await api(server.baseUrl, '/api/blog/posts', { cookie, body: post('Other title', words.normalize('NFD')) });
      expect(second.status).toBe(409);
      const nfd = encodeURIComponent(slug.normalize('NFD'));
      expect((await api(server.baseUrl, `/api/blog/posts/by-slug/${nfd}`)).status).toBe(200);
    });

    it('full-width and plain spellings are one slug (NFKC): the second is a conflict, and either finds it', async () => {
      const tag = uid();
      const first = await api(server.baseUrl, '/api/blog/posts', { cookie, body: post(`Café crème ${tag}`) });
      expect(first.status).toBe(201);
      expect((await first.json()).slug).toBe(`café-crème-${tag}`);
      const wide = `ｃａｆé-crème-${tag}`;
      const second = await api(server.baseUrl, '/api/blog/posts', { cookie, body: post('Other title', wide) });
      expect(second.status).toBe(409);
      const titled = await api(server.baseUrl, '/api/blog/posts', { cookie, body: post(`ｃａｆé\u3000ｃｒèｍｅ ${tag}`) });
      expect(titled.status).toBe(409);
      expect((await api(server.baseUrl, `/api/blog/posts/by-slug/${encodeURIComponent(wide)}`)).status).toBe(200);
      expect((await api(server.baseUrl, `/blog/${encodeURIComponent(wide)}`)).status).toBe(200);
    });

    it.each([
      ['zero-width characters', '\u200b\u200c\u200d\u2060'],
      ['Hangul fillers', '\u3164\u115f\u1160\uffa0'],
      ['only combining marks', '\u0301\u0308\u20dd'],
      ['a soft hyphen and a word joiner', '\u00ad\u2060'],
    ])('a slug of %s is refused with 400', async (_name, slug) => {
      const res = await api(server.baseUrl, '/api/blog/posts', { cookie, body: post(slug, slug) });
      expect(res.status).toBe(400);
      expect((await res.json()).issues?.slug).toBeTruthy();
    });
  });
