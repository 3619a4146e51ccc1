/**
 * The middleware's part of the API conventions (src/lib/server/http/api-preamble.ts), which is all there is
 * on Netlify (no Node edge in front): a malformed percent-encoding that the Netlify adapter would let
 * through as U+FFFD is a JSON 400; preflights and missing methods are answered from the route files'
 * own exports, before the route runs.
 */
import { describe, expect, it } from 'vitest';
import { apiPreamble } from '#lib/server/http/api-preamble.ts';
import { isPublicReadPath, UNKNOWN_API_ROUTE } from '#lib/server/http/api-routes.ts';

const ORIGIN = 'http://localhost:4321';
const ask = (method: string, path: string, pattern: string, headers: Record<string, string> = {}) => {
  const url = new URL(path, ORIGIN);
  return apiPreamble(new Request(url, { method, headers }), url, pattern);
};

describe('apiPreamble (the API conventions on Netlify)', () => {
  it('answers a malformed percent-encoding with the JSON 400, CORS and no-store', async () => {
    for (const [path, pattern] of [
      ['/api/assets?x=%ff', '/api/assets'],
      ['/api/assets/%c3', '/api/assets/[id]'],
      ['/api/nope?x=%e2%82', UNKNOWN_API_ROUTE],
    ]) {
      const res = (await ask('GET', path, pattern))!;
      expect(res.status, path).toBe(400);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(await res.json(), path).toEqual({ message: expect.stringMatching(/percent-encoding/) });
    }
  });

  it('grants the preflight of a public read route, and none to a sign-in or write route', async () => {
    const open = (await ask('OPTIONS', '/api/issuers/acme/history', '/api/issuers/[id]/[view]', { Origin: 'https://x.example' }))!;
    expect(open.status).toBe(204);
    expect(open.headers.get('access-control-allow-headers')).toMatch(/If-None-Match/i);
    const closed = (await ask('OPTIONS', '/api/auth/login', '/api/auth/login', { Origin: 'https://x.example' }))!;
    expect(closed.status).toBe(403);
    expect([...closed.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);
  });

  it("never grants an admin route's preflight because a public pattern beside it matches its path", async () => {
    // /api/alerts/{id} is public; /api/alerts/webhooks is the admin's own route file, served before [id].
    const admin = (await ask('OPTIONS', '/api/alerts/webhooks', '/api/alerts/webhooks', { Origin: 'https://x.example' }))!;
    expect(admin.status).toBe(403);
    expect([...admin.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);
    expect(admin.headers.get('allow')).toMatch(/POST/);
    expect(await isPublicReadPath('/api/alerts/webhooks')).toBe(false);
    const event = (await ask('OPTIONS', '/api/alerts/depeg-usdc-2026-01-10', '/api/alerts/[id]', { Origin: 'https://x.example' }))!;
    expect(event.status).toBe(204);
    expect(event.headers.get('access-control-allow-origin')).toBe('*');
    expect(await isPublicReadPath('/api/alerts/feed.json')).toBe(true);
  });

  it('answers a method the route does not export with 405 and its Allow, and lets the others through', async () => {
    const res = (await ask('DELETE', '/api/issuers', '/api/issuers'))!;
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await ask('GET', '/api/issuers', '/api/issuers')).toBeUndefined();
    expect(await ask('POST', '/api/blog/posts', '/api/blog/posts')).toBeUndefined();
    expect(await ask('GET', '/api/nope', UNKNOWN_API_ROUTE)).toBeUndefined();
    expect(await ask('GET', '/networks', '/networks')).toBeUndefined();
  });
});
