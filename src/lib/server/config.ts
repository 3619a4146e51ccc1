/** The public origin: SITE_URL when set (behind a proxy or CDN), else the origin the request came to. */
export function siteOrigin(requestUrl: URL): string {
  const configured = process.env.SITE_URL;
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // A malformed SITE_URL falls back to the request's own origin rather than breaking every page.
    }
  }
  return requestUrl.origin;
}
