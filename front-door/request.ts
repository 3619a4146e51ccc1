import type { IncomingMessage } from 'node:http';

/**
 * The request target as the app will route it, with the origin pinned. Nothing a visitor sends chooses
 * the origin the app sees: the adapter builds the request URL from the raw Host, so `Host: x/robots.txt?`
 * re-routed the request. Returns null for a target that is not a path (answered 400).
 */
export function pinTarget(req: IncomingMessage, host: string): { pathname: string; search: string } | null {
  let target = req.url ?? '';
  // Absolute-form targets (GET http://other/x) name a host too: keep only the path. URL.parse: null
  // rather than a throw (a throw here would take the process down).
  if (/^https?:\/\//i.test(target)) {
    const u = URL.parse(target);
    target = u ? u.pathname + u.search : '';
  }
  if (!target.startsWith('/')) return null;
  // Dot segments are resolved here, as the adapter would resolve them, so every check sees the path the
  // app will route (`POST /api/../login` is a page write, not an API call). Joined, not resolved against
  // a base: '//x/y' stays a path.
  const normalised = URL.parse('http://edge.invalid' + target);
  if (!normalised) return null;
  req.url = normalised.pathname + normalised.search;
  req.headers.host = host;
  for (const h of ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded']) delete req.headers[h];
  return { pathname: normalised.pathname, search: normalised.search };
}
