/**
 * The public read API's answer rules (architecture.md "Open data"): any origin may read it (CORS
 * `*`, no credentials), every 200 carries a strong ETag of its bytes, and a request whose
 * If-None-Match names it gets 304 without a body. Only for public GETs: never wrap auth, admin or
 * content-writing routes (their answers are personal or no-store).
 */
import { handle } from '#lib/server/http/handle.ts';
import { PUBLIC_CORS } from '#lib/server/http/api-answers.ts';

async function etagOf(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `"${Buffer.from(digest.slice(0, 16)).toString('base64url')}"`;
}

/** True when an If-None-Match header names the tag (weak comparison, as RFC 9110 says for GET). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

export function publicGet<C extends { request: Request }>(fn: (ctx: C) => Promise<Response> | Response) {
  const inner = handle(fn);
  return async (ctx: C): Promise<Response> => {
    const res = await inner(ctx);
    const headers = new Headers(res.headers);
    for (const [k, v] of Object.entries(PUBLIC_CORS)) headers.set(k, v);
    if (res.status !== 200) return new Response(res.body, { status: res.status, headers });
    const bytes = await res.arrayBuffer();
    const etag = await etagOf(bytes);
    headers.set('ETag', etag);
    if (matches(ctx.request.headers.get('if-none-match'), etag)) {
      headers.delete('Content-Type');
      headers.delete('Content-Length');
      return new Response(null, { status: 304, headers });
    }
    return new Response(bytes, { status: 200, headers });
  };
}
