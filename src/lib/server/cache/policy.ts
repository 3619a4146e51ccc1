import { tagResponse, TAG } from './cdn.ts';

/** Seconds a shared cache keeps the shareable pages fresh, then serves them stale while refreshing. */
const SHARED = {
  reading: { fresh: 60, stale: 60 },
  dataPage: { fresh: 60, stale: 300 },
} as const;
type SharedPolicy = keyof typeof SHARED;
const shared = (fresh: number, stale: number) => `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${stale}`;

/**
 * A response's cache policy: its Cache-Control and the CDN tags whose purge must reach it
 * (src/lib/server/cache/cdn.ts). One entry decides both, so an answer that shows figures cannot be cached
 * for minutes without the `data` tag a published run purges.
 */
export interface CachePolicy {
  readonly control: string;
  readonly tags: readonly string[];
}
const policy = (control: string, tags: readonly string[] = []): CachePolicy => ({ control, tags });

/**
 * Every cache policy the site sends, in one place. `s-maxage` is what a shared cache (a CDN, or the
 * standalone server's own page cache in response-cache.ts) may keep; browsers revalidate pages.
 * Reading pages and lists add their own content tags (cdn.ts contentTags, listTags).
 */
export const CACHE = {
  /** Drafts, not-found answers, API writes and anything personal. */
  none: policy('no-store'),
  /** A page or answer that depends on the visitor's session: the browser only, revalidated. */
  personal: policy('private, no-cache'),
  /** Any answer that sets a cookie: a replay by any cache would hand one visitor's cookie to another. */
  setsCookie: policy('private, no-store'),
  /** Reading pages, the feed and the sitemap: an admin's edit shows within a minute. */
  reading: policy(shared(SHARED.reading.fresh, SHARED.reading.stale)),
  /** Pages that show figures: a minute fresh, served stale while refreshing for five more; purged by a published run. */
  dataPage: policy(shared(SHARED.dataPage.fresh, SHARED.dataPage.stale), [TAG.data]),
  /** The figures as JSON or CSV: revalidated in the background; purged by a published run. */
  dataApi: policy('public, max-age=60, s-maxage=300, stale-while-revalidate=86400', [TAG.data]),
  /** Pre-rendered pages: fixed until the next deploy, revalidated by the browser. */
  prerendered: policy('public, max-age=0, must-revalidate'),
  /** A permanent redirect to a page's canonical address (the trailing-slash form): an hour. */
  redirect: policy('public, max-age=3600, s-maxage=3600'),
  /** robots.txt. */
  crawler: policy('public, max-age=3600, s-maxage=3600'),
  /** Generated placeholder images: the same title gives the same picture. */
  generated: policy('public, max-age=86400, s-maxage=86400'),
  /** A generated card that shows a page's headline figure: a day, unless a published run purges it first. */
  dataCard: policy('public, max-age=86400, s-maxage=86400', [TAG.data]),
  /** The site's own files of public/ (icons, images): their names carry no hash, so an hour, then revalidated. */
  publicFile: policy('public, max-age=3600'),
  /** Content-addressed bytes (a published upload, a hashed build asset): never change under their URL. */
  immutable: policy('public, max-age=31536000, immutable'),
} as const satisfies Record<string, CachePolicy>;

/** Sets the policy's Cache-Control and adds its tags (and any `extraTags`) to the headers. */
export function applyCache(headers: Headers, p: CachePolicy, extraTags: readonly string[] = []): void {
  headers.set('Cache-Control', p.control);
  tagResponse(headers, [...p.tags, ...extraTags]);
}

/** The policy as plain headers, for a Response built from an object. */
export function cacheHeaders(p: CachePolicy): Record<string, string> {
  const h = new Headers();
  applyCache(h, p);
  return Object.fromEntries(h.entries());
}

/**
 * A shareable policy cut to end `secondsLeft` from now (a scheduled item's moment), so that no
 * shared cache keeps serving the answer past it.
 */
export function sharedUntil(policy: SharedPolicy, secondsLeft: number): string {
  if (secondsLeft < 1) return 'public, max-age=0, s-maxage=0, must-revalidate';
  const { fresh, stale } = SHARED[policy];
  const cut = Math.min(fresh, secondsLeft);
  return shared(cut, Math.min(stale, secondsLeft - cut));
}

/** A policy no cache stores: `no-store`, not widened by `public`. */
const NEVER_STORED = /^(?!.*\bpublic\b).*\bno-store\b/i;

/**
 * The Cache-Control a response leaves with once it is known who it was for. A response that sets a
 * cookie (a renewed session token, the signed-in hint, a cleared session) is never stored anywhere
 * (`private, no-store`, or the route's own `no-store`);
 * one answered to a request carrying a session cookie is the browser's only, whatever the route
 * declared (a shared cache keys on the URL alone and would give it to everyone). Anything else keeps
 * what the route said.
 */
export function finalCacheControl(declared: string | null, who: { setsCookie: boolean; signedIn: boolean }): string | null {
  if (who.setsCookie) return declared !== null && NEVER_STORED.test(declared) ? declared : CACHE.setsCookie.control;
  if (who.signedIn && (declared === null || !/\b(private|no-store)\b/i.test(declared))) return CACHE.personal.control;
  return declared;
}
