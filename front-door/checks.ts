import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';
import { isImageEndpoint, isPageMethodRefused, isUnknownMethod, KNOWN_METHODS, PAGE_METHODS } from '#lib/server/http/security.ts';
import { trailingSlashStatus, trailingSlashTarget } from '#lib/server/http/trailing-slash.ts';
import { apiError, hasMalformedEncoding, isApiPath, MALFORMED_MESSAGE } from '#lib/server/http/api-answers.ts';

/** A fixed answer the edge gives without the app. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const text = { 'Content-Type': 'text/plain; charset=utf-8' };

/**
 * The request checks, in one pure function, each done once, before anything is served: /_image is a
 * 404 (astro:assets unused), pages answer only GET and HEAD (405), a method the site implements nowhere
 * is a 501 on every path, and a trailing slash redirects to the one address of the page. On /api/
 * the errors are the API's JSON, and a malformed percent-encoding is a 400 there (elsewhere the
 * adapter answers it).
 */
export function refuse(method: string, pathname: string, search: string): Answer | null {
  if (isImageEndpoint(pathname)) return { status: 404, headers: { ...text, ...cacheHeaders(CACHE.none) }, body: 'Not found\n' };
  const api = isApiPath(pathname);
  if (api && isUnknownMethod(method))
    return apiError(501, `The API answers ${KNOWN_METHODS.join(', ')}, not ${method}.`, { Allow: KNOWN_METHODS.join(', ') });
  if (api && hasMalformedEncoding(pathname + search)) return apiError(400, MALFORMED_MESSAGE);
  if (isPageMethodRefused(method, pathname)) {
    return { status: 405, headers: { ...text, Allow: PAGE_METHODS.join(', '), ...cacheHeaders(CACHE.none) }, body: 'Method Not Allowed\n' };
  }
  if (isUnknownMethod(method)) {
    return { status: 501, headers: { ...text, Allow: KNOWN_METHODS.join(', '), ...cacheHeaders(CACHE.none) }, body: 'Not Implemented\n' };
  }
  // One address per page, pre-rendered and server-rendered alike (the middleware does the same where
  // there is no edge, on Netlify).
  const canonical = trailingSlashTarget(pathname, search);
  if (canonical !== null) {
    return { status: trailingSlashStatus(method), headers: { ...text, Location: canonical, ...cacheHeaders(CACHE.redirect) }, body: '' };
  }
  return null;
}
