/**
 * The Netlify-Vary an answer carries: the query parameters its route reads (route-params.ts). Apart
 * from cdn.ts, whose tags the cache policy, the edge and the start read: the route parameters (every
 * page's query names, the embeds and the chart frames behind them) are only the middleware's to load.
 */
import { declaredNames } from '#lib/shared/route-params.ts';

/**
 * What Netlify's CDN keys an answer on besides its path: the query parameters its route reads
 * (route-params.ts), as `Netlify-Vary: query=a|b|c` names them. Without it the CDN keys a function's
 * answer on the whole query string, so every unknown, repeated or reordered parameter was a render of
 * its own and an entry there, as it once was in the page cache here. Undefined for a route that reads
 * no query (there is no form that names no parameter).
 */
export function queryVary(pathname: string): string | undefined {
  const names = declaredNames(pathname);
  return names.length ? `query=${names.join('|')}` : undefined;
}

/** The answer with its Netlify-Vary set when its route reads a query (a copy when its headers cannot change). */
export function varyOnDeclaredQuery(response: Response, pathname: string): Response {
  const vary = queryVary(pathname);
  if (vary === undefined) return response;
  try {
    response.headers.set('Netlify-Vary', vary);
    return response;
  } catch {
    // Immutable headers (a fetched response): copy into one that can be changed.
    const copy = new Response(response.body, response);
    copy.headers.set('Netlify-Vary', vary);
    return copy;
  }
}
