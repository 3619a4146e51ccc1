/** Seconds a shared cache keeps the shareable pages fresh, then serves them stale while refreshing. */
const SHARED = {
  reading: { fresh: 60, stale: 60 },
  dataPage: { fresh: 60, stale: 300 },
} as const;
type SharedPolicy = keyof typeof SHARED;
const shared = (fresh: number, stale: number) => `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${stale}`;

/**
 * Every Cache-Control the site sends, in one place. `s-maxage` is what a shared cache (a CDN, or the
 * standalone server's own page cache in response-cache.ts) may keep; browsers revalidate pages.
 */
export const CACHE = {
  /** Drafts, not-found answers, API writes and anything personal. */
  none: 'no-store',
  /** A page or answer that depends on the visitor's session: the browser only, revalidated. */
  personal: 'private, no-cache',
  /** Any answer that sets a cookie: a replay by any cache would hand one visitor's cookie to another. */
  setsCookie: 'private, no-store',
  /** Reading pages, the feed and the sitemap: an admin's edit shows within a minute. */
  reading: shared(SHARED.reading.fresh, SHARED.reading.stale),
  /** The data pages (/ and /networks): a minute fresh, served stale while refreshing for five more. */
  dataPage: shared(SHARED.dataPage.fresh, SHARED.dataPage.stale),
  /** The analytics JSON: changes only with a new snapshot; revalidated in the background. */
  dataApi: 'public, max-age=60, s-maxage=300, stale-while-revalidate=86400',
  /** Pre-rendered pages: fixed until the next deploy, revalidated by the browser. */
  prerendered: 'public, max-age=0, must-revalidate',
  /** A permanent redirect to a page's canonical address (the trailing-slash form): an hour. */
  redirect: 'public, max-age=3600, s-maxage=3600',
  /** robots.txt. */
  crawler: 'public, max-age=3600, s-maxage=3600',
  /** Generated placeholder images: the same title gives the same picture. */
  generated: 'public, max-age=86400, s-maxage=86400',
  /** Content-addressed bytes (a published upload): never change under their URL. */
  immutable: 'public, max-age=31536000, immutable',
} as const;

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
  if (who.setsCookie) return declared !== null && NEVER_STORED.test(declared) ? declared : CACHE.setsCookie;
  if (who.signedIn && (declared === null || !/\b(private|no-store)\b/i.test(declared))) return CACHE.personal;
  return declared;
}
