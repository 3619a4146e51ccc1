/**
 * The one rule for showing a configured URL (DEFILLAMA_*_URL, RPC_URL_*, CONTENT_GIT_REMOTE, any
 * other): its scheme and host only, on pages, in the API, in stored provenance, in failure reasons
 * and in logs. Providers put keys in the path (DefiLlama's paid API: https://pro-api.llama.fi/<key>/…),
 * the query or the user part, so none of those is ever shown, whatever the variable.
 */

/** `https://user:key@host:8443/key/path?k=v#x` -> `https://host:8443`. */
export function publicUrl(url: string): string {
  try {
    const u = new URL(url);
    return u.host ? `${u.protocol}//${u.host}` : '(URL withheld)';
  } catch {
    return '(invalid URL)';
  }
}

/**
 * What was asked of a configured service, for provenance: the service's scheme and host, then the
 * path this code added (`/stablecoin/2`). When the configured URL had more than its origin (a path,
 * a query, a user), a '/…' says that something was left out, so the line is never taken for the
 * URL itself.
 */
export function endpointLabel(configured: string, path: string): string {
  let more = true;
  try {
    const u = new URL(configured);
    more = u.pathname.replace(/\/+$/, '') !== '' || u.search !== '' || u.username !== '' || u.password !== '';
  } catch {
    // publicUrl says it is invalid.
  }
  return `${publicUrl(configured)}${more ? '/…' : ''}${path}`;
}

/** Every URL inside a text (a tool's error message, which may quote the URL it was given) cut to scheme and host. */
export function scrubUrls(text: string): string {
  return text.replace(/[a-z][a-z0-9+.-]*:\/\/[^\s'"<>`]+/gi, (m) => publicUrl(m));
}
