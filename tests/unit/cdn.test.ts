/** CDN cache tags and purges (src/lib/server/cache/cdn.ts, query-vary.ts): what is tagged, what a save purges, and only on Netlify. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentTags, listTags, onNetlify, purgeTags, savedTags, tagResponse, TAG } from '#lib/server/cache/cdn.ts';
import { queryVary, varyOnDeclaredQuery } from '#lib/server/cache/query-vary.ts';

afterEach(() => {
  delete (globalThis as { Netlify?: unknown }).Netlify;
  vi.restoreAllMocks();
});

describe('cache tags', () => {
  it('sets both CDN headers and merges tags added later', () => {
    const headers = new Headers();
    tagResponse(headers, [TAG.data]);
    tagResponse(headers, listTags());
    expect(headers.get('Netlify-Cache-Tag')).toBe('data,content,content-list');
    expect(headers.get('Cache-Tag')).toBe('data,content,content-list');
  });

  it('never lets a tag carry a comma or a space (it would split into, or forge, other tags)', () => {
    const headers = new Headers();
    tagResponse(headers, ['research:a,data', 'blog:x y', ...contentTags('blog', 'fine-slug')]);
    expect(headers.get('Netlify-Cache-Tag')).toBe('content,blog:fine-slug');
  });

  it('a save purges the lists and the item under its new and old slug, once each', () => {
    expect(savedTags('research', ['new-slug', 'old-slug', 'new-slug', null])).toEqual([
      'content-list',
      'research:new-slug',
      'research:old-slug',
    ]);
  });
});

describe('purge', () => {
  it('is a no-op off Netlify (the Node server has no CDN to purge)', async () => {
    const purge = vi.fn(async () => {});
    expect(onNetlify()).toBe(false);
    expect(await purgeTags(['data'], { purge })).toBe(false);
    expect(purge).not.toHaveBeenCalled();
  });

  it('purges exactly the given tags on Netlify', async () => {
    (globalThis as { Netlify?: unknown }).Netlify = {};
    const purge = vi.fn(async (_: { tags: string[] }) => {});
    expect(await purgeTags(savedTags('blog', ['a-post']), { purge })).toBe(true);
    expect(purge).toHaveBeenCalledWith({ tags: ['content-list', 'blog:a-post'] });
  });

  it('logs a failed purge and never throws (the save it follows has already happened)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const purge = async () => {
      throw new Error('Cache purge API call returned an unexpected status code: 401');
    };
    expect(await purgeTags(['data'], { netlify: true, purge })).toBe(false);
    expect(log.mock.calls[0]?.[0]).toMatch(/CDN purge of data failed/);
  });
});

describe('Netlify-Vary: the CDN keys on the query parameters a route reads, and only those', () => {
  it("names the declared parameters, sorted, in Netlify's form", () => {
    expect(queryVary('/')).toBe('query=league|period|range|stablecoins');
    expect(queryVary('/assets')).toBe('query=chain|class|dir|format|issuer|sort');
    // A two-table page: each table's own names.
    expect(queryVary('/private-credit')).toMatch(/\|platforms-sort\|/);
    expect(queryVary('/networks/ethereum')).toContain('range');
    // A route that reads no query has nothing to name.
    expect(queryVary('/sources')).toBeUndefined();
    expect(queryVary('/blog/a-post')).toBeUndefined();
  });

  it('sets the header, also on an answer whose headers cannot change', () => {
    const page = varyOnDeclaredQuery(new Response('x'), '/alerts');
    expect(page.headers.get('Netlify-Vary')).toBe('query=asset|class|network');
    const fixed = varyOnDeclaredQuery(Response.redirect('http://localhost/x', 302), '/alerts');
    expect(fixed.status).toBe(302);
    expect(fixed.headers.get('Netlify-Vary')).toBe('query=asset|class|network');
    expect(varyOnDeclaredQuery(new Response('x'), '/sources').headers.has('Netlify-Vary')).toBe(false);
  });
});
