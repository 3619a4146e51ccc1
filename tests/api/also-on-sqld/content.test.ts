import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, loginCookie } from '../../support/http.ts';
import { makePng, makePngHeader, SVG, TINY_JPEG } from '../../support/images.ts';

const base = inject('baseUrl');
let cookie: string;
beforeAll(async () => {
  cookie = await loginCookie(base);
});

/** A unique suffix so suites sharing the server never collide on slugs. */
const uid = () => Math.random().toString(36).slice(2, 8);

const KINDS = [
  {
    name: 'blog posts',
    path: '/api/blog/posts',
    taken: 'A post with this slug already exists',
    body: (title: string) => ({ title, content: 'Tokenized treasuries keep growing. '.repeat(20) }),
  },
  {
    name: 'research articles',
    path: '/api/research',
    taken: 'A research article with this slug already exists',
    body: (title: string) => ({ title, content: 'Private credit on chain. '.repeat(30), author: 'Ada Analyst' }),
  },
] as const;

describe.each(KINDS)('$name', ({ path, taken, body }) => {
  it('creates with the editor defaults, reads, updates and deletes', async () => {
    const title = `Hello World ${uid()}`;
    const created = await api(base, path, { cookie, body: { ...body(title), tags: 'rwa, , treasuries ' } });
    expect(created.status).toBe(201);
    const item = await created.json();
    expect(item).toMatchObject({
      title,
      slug: title.toLowerCase().replace(/ /g, '-'),
      published: false,
      publishedAt: null,
      metaTitle: title,
      tags: ['rwa', 'treasuries'],
      seoKeywords: [],
      canonicalUrl: null,
      socialImage: null,
      featuredImage: null,
    });
    expect(item.excerpt).toBe(item.content.slice(0, 200) + '...');
    expect(item.metaDescription).toBe(item.excerpt);
    expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
    if (path === '/api/research') {
      expect(item).toMatchObject({ author: 'Ada Analyst', category: 'Research', featured: false, readingTime: '1 min' });
    } else {
      expect(item.authorId).toBe('default-author');
    }

    // Publishing sets publishedAt once; it is kept through later edits.
    const published = await (await api(base, `${path}/${item.id}`, { method: 'PUT', cookie, body: { published: true } })).json();
    expect(published.published).toBe(true);
    expect(published.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const edited = await api(base, `${path}/${item.id}`, {
      method: 'PUT',
      cookie,
      body: { ...body(title), title: title + ' edited', published: true },
    });
    expect(edited.status).toBe(200);
    const editedItem = await edited.json();
    expect(editedItem.title).toBe(title + ' edited');
    expect(editedItem.slug).toBe(item.slug); // the slug stays unless sent
    expect(editedItem.publishedAt).toBe(published.publishedAt);

    // SEO fields only, keywords as a list; everything else kept.
    const seo = await api(base, `${path}/${item.id}`, {
      method: 'PUT',
      cookie,
      body: {
        metaTitle: 'A title',
        metaDescription: 'A description',
        seoKeywords: ['rwa', 'bonds'],
        canonicalUrl: 'https://example.com/x',
        socialImage: '/api/uploads/abc',
      },
    });
    expect(seo.status).toBe(200);
    expect(await seo.json()).toMatchObject({
      title: title + ' edited',
      metaTitle: 'A title',
      seoKeywords: ['rwa', 'bonds'],
      canonicalUrl: 'https://example.com/x',
      published: true,
    });

    const bySlug = await api(base, `${path}/by-slug/${item.slug}`);
    expect(bySlug.status).toBe(200);
    expect((await bySlug.json()).id).toBe(item.id);

    const list = await (await api(base, path)).json();
    expect(list.map((i: { id: number }) => i.id)).toContain(item.id);

    expect((await api(base, `${path}/${item.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect((await api(base, `${path}/by-slug/${item.slug}`, { cookie })).status).toBe(404);
    expect((await api(base, `${path}/${item.id}`, { method: 'DELETE', cookie })).status).toBe(404);
  });

  it('refuses every write without a session (401 with a message)', async () => {
    const post = await api(base, path, { body: body('No session') });
    expect(post.status).toBe(401);
    expect((await post.json()).message).toBeTruthy();
    const created = await (await api(base, path, { cookie, body: body(`Guarded ${uid()}`) })).json();
    expect((await api(base, `${path}/${created.id}`, { method: 'PUT', body: { title: 'x' } })).status).toBe(401);
    expect((await api(base, `${path}/${created.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await api(base, `${path}/by-slug/${created.slug}`, { cookie })).status).toBe(200); // still there
  });

  it('answers 400 with the problems listed', async () => {
    const missing = await api(base, path, { cookie, body: { title: '   ', content: '' } });
    expect(missing.status).toBe(400);
    const { issues } = await missing.json();
    expect(Object.keys(issues)).toEqual(expect.arrayContaining(['title', 'content']));
    expect((await api(base, path, { cookie, body: { ...body('x'), published: 'yes' } })).status).toBe(400);
    expect((await api(base, path, { cookie, body: { ...body('x'), canonicalUrl: 'javascript:alert(1)' } })).status).toBe(400);
    expect((await api(base, path, { cookie, body: '{not json' })).status).toBe(400);
    const punctuation = await api(base, path, { cookie, body: body('!!!') });
    expect(punctuation.status).toBe(400);
    expect((await punctuation.json()).issues.slug).toBeTruthy();
    expect((await api(base, `${path}/1`, { method: 'PUT', cookie, body: {} })).status).toBe(400);
  });

  it('normalises a hand-typed slug with the slug rule', async () => {
    const id = uid();
    const res = await api(base, path, { cookie, body: { ...body(`Slug ${id}`), slug: ` My Custom/Slug ${id}! ` } });
    expect(res.status).toBe(201);
    expect((await res.json()).slug).toBe(`my-customslug-${id}`);
  });

  it('answers 404 for unknown ids and 413 for huge bodies', async () => {
    expect((await api(base, `${path}/999999`, { method: 'PUT', cookie, body: { title: 'x' } })).status).toBe(404);
    expect((await api(base, `${path}/abc`, { method: 'DELETE', cookie })).status).toBe(404);
    const huge = await api(base, path, { cookie, body: { ...body('Huge'), content: 'x'.repeat(1_100_000) } });
    expect(huge.status).toBe(413);
  });

  it('keeps slugs unique (409)', async () => {
    const title = `Same Title ${uid()}`;
    expect((await api(base, path, { cookie, body: body(title) })).status).toBe(201);
    const again = await api(base, path, { cookie, body: body(title) });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(taken);
    const other = await (await api(base, path, { cookie, body: body(`Other ${uid()}`) })).json();
    const clash = await api(base, `${path}/${other.id}`, { method: 'PUT', cookie, body: { slug: title.toLowerCase().replace(/ /g, '-') } });
    expect(clash.status).toBe(409);
  });

  it('hides drafts from anonymous callers everywhere', async () => {
    const draft = await (await api(base, path, { cookie, body: { ...body(`Secret Draft ${uid()}`), published: false } })).json();
    const live = await (await api(base, path, { cookie, body: { ...body(`Live ${uid()}`), published: true } })).json();
    for (const query of ['', '?published=false', '?published=true', '?drafts=1']) {
      const anon = await (await api(base, path + query)).json();
      expect(anon.every((i: { published: boolean }) => i.published)).toBe(true);
      expect(anon.map((i: { id: number }) => i.id)).not.toContain(draft.id);
    }
    expect((await api(base, `${path}/by-slug/${draft.slug}`)).status).toBe(404);
    const mine = await (await api(base, path, { cookie })).json();
    expect(mine.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining([draft.id, live.id]));
    expect(mine.findIndex((i: { id: number }) => i.id === live.id)).toBeLessThan(mine.findIndex((i: { id: number }) => i.id === draft.id)); // newest first
    expect((await api(base, `${path}/by-slug/${draft.slug}`, { cookie })).status).toBe(200);
    const res = await api(base, path);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('research specifics', () => {
  it('requires an author and a known category; keeps a given reading time', async () => {
    const noAuthor = await api(base, '/api/research', { cookie, body: { title: 'No author', content: 'x', author: ' ' } });
    expect(noAuthor.status).toBe(400);
    expect((await noAuthor.json()).issues.author).toBeTruthy();
    expect(
      (await api(base, '/api/research', { cookie, body: { title: 'Bad cat', content: 'x', author: 'A', category: 'Gossip' } })).status,
    ).toBe(400);
    const item = await (
      await api(base, '/api/research', {
        cookie,
        body: { title: `Timed ${uid()}`, content: 'x', author: 'A', readingTime: '12 min', category: 'Market Analysis' },
      })
    ).json();
    expect(item).toMatchObject({ readingTime: '12 min', category: 'Market Analysis' });
  });

  it('serves the newest published featured article', async () => {
    const older = await (
      await api(base, '/api/research', {
        cookie,
        body: { title: `Featured A ${uid()}`, content: 'x', author: 'A', featured: true, published: true },
      })
    ).json();
    const newer = await (
      await api(base, '/api/research', {
        cookie,
        body: { title: `Featured B ${uid()}`, content: 'x', author: 'A', featured: true, published: true },
      })
    ).json();
    await api(base, '/api/research', {
      cookie,
      body: { title: `Featured draft ${uid()}`, content: 'x', author: 'A', featured: true, published: false },
    });
    const res = await api(base, '/api/research/featured');
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBe(newer.id);
    await api(base, `/api/research/${newer.id}`, { method: 'PUT', cookie, body: { featured: false } });
    expect((await (await api(base, '/api/research/featured')).json()).id).toBe(older.id);
  });
});

describe('/api/uploads', () => {
  const upload = (bytes: Buffer, type: string, c: string | null = cookie) =>
    fetch(base + '/api/uploads', {
      method: 'POST',
      headers: { Origin: base, 'Content-Type': type, ...(c ? { Cookie: c } : {}) },
      body: new Uint8Array(bytes),
    });
  const form = (bytes: Buffer, name: string, type: string) => {
    const fd = new FormData();
    fd.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return fetch(base + '/api/uploads', { method: 'POST', headers: { Origin: base, Cookie: cookie }, body: fd });
  };

  it('stores a PNG and serves it to the admin (public once a published item shows it: tests/api/security.test.ts)', async () => {
    const png = makePng(40, 21);
    const res = await form(png, 'chart.png', 'image/png');
    expect(res.status).toBe(201);
    const saved = await res.json();
    expect(saved).toMatchObject({ mimeType: 'image/png', width: 40, height: 21, size: png.length });
    expect(saved.id).toMatch(/^[a-z2-7]{26}$/); // 128 random bits
    const got = await fetch(base + saved.url, { headers: { Cookie: `${cookie}; rwa_signed_in=1` } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('cache-control')).toBe('private, no-cache');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);
  });

  it('stores a JPEG sent as a raw body', async () => {
    const res = await upload(TINY_JPEG, 'image/jpeg');
    expect(res.status).toBe(201);
    const saved = await res.json();
    expect(saved).toMatchObject({ mimeType: 'image/jpeg', width: 1, height: 1 });
    expect((await fetch(base + saved.url, { headers: { Cookie: cookie } })).headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses SVG, text renamed .png, bombs and anonymous callers', async () => {
    expect((await form(SVG, 'logo.svg', 'image/svg+xml')).status).toBe(415);
    expect((await upload(SVG, 'image/svg+xml')).status).toBe(415);
    expect((await form(Buffer.from('just some text, honest'), 'photo.png', 'image/png')).status).toBe(415);
    expect((await upload(makePngHeader(20_000, 20_000), 'image/png')).status).toBe(413);
    expect((await upload(makePng(2, 2), 'image/png', null)).status).toBe(401);
    expect((await fetch(base + '/api/uploads/zzzzzzzzzzzzzzzzzzzzzzzzzz')).status).toBe(404);
    expect((await fetch(base + '/api/uploads/..%2F..%2Fetc')).status).toBe(404);
  });

  it('lists the uploads to the admin alone, newest first and a page at a time; a bad query is a 400', async () => {
    const older = (await (await upload(makePng(3, 2), 'image/png')).json()) as { id: string; url: string; size: number };
    const newer = (await (await upload(makePng(5, 4), 'image/png')).json()) as { id: string; url: string; size: number };
    // Without a session (from the site or from anywhere else): 401, no list, no CORS grant.
    for (const headers of [{}, { Origin: 'https://evil.example' }, { Cookie: 'rwa_session=not-a-session' }] as Record<string, string>[]) {
      const anon = await fetch(base + '/api/uploads?limit=60', { headers });
      expect(anon.status).toBe(401);
      expect(anon.headers.get('access-control-allow-origin')).toBeNull();
      expect(await anon.text()).not.toContain(newer.id);
    }
    const list = (query: string) => fetch(base + '/api/uploads' + query, { headers: { Cookie: cookie, Origin: 'https://evil.example' } });
    type Page = { items: { id: string; createdAt: string }[]; next: string | null };
    const res = await list('?limit=60');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^(private, )?no-store$/);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const { items } = (await res.json()) as Page;
    expect(items.find((i) => i.id === newer.id)).toEqual({
      id: newer.id,
      url: newer.url,
      mimeType: 'image/png',
      size: newer.size,
      width: 5,
      height: 4,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const at = items.map((i) => Date.parse(i.createdAt));
    expect(at).toEqual([...at].sort((a, b) => b - a));
    // Walked two at a time from the start: each page older than the one before, no image twice, the
    // newer upload before the older. Uploads made meanwhile by other suites land before the walk's cursor.
    const seen: string[] = [];
    let last = Infinity;
    let next: string | null = '';
    while (next !== null && !seen.includes(older.id)) {
      const page = (await (await list(`?limit=2${next ? `&before=${next}` : ''}`)).json()) as Page;
      expect(page.items.length).toBeGreaterThan(0);
      for (const item of page.items) {
        expect(seen).not.toContain(item.id);
        expect(Date.parse(item.createdAt)).toBeLessThanOrEqual(last);
        last = Date.parse(item.createdAt);
        seen.push(item.id);
      }
      next = page.next;
    }
    expect(seen.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf(newer.id)).toBeLessThan(seen.indexOf(older.id));
    for (const query of ['?limit=0', '?limit=61', '?limit=ten', '?before=1-abc', '?page=2', '?limit=1&limit=2']) {
      const bad = await list(query);
      expect(bad.status, query).toBe(400);
      expect((await bad.json()) as { message: string }, query).toMatchObject({ message: expect.stringMatching(/invalid/) });
    }
  });

  it('refuses a 6 MB file with 413', async () => {
    const big = Buffer.concat([makePng(10, 10), Buffer.alloc(6 * 1024 * 1024)]);
    expect((await upload(big, 'image/png')).status).toBe(413);
    expect((await form(big, 'big.png', 'image/png')).status).toBe(413);
  });
});
