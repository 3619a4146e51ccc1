/**
 * One URL per page: `/stablecoins/` is not a second address of `/stablecoins` but a redirect to it
 * (search engines otherwise see duplicates, and link checkers report them). Pure and free of aliases,
 * so the Node edge (front-door/index.ts, run by Node directly) and the middleware share it.
 */

/**
 * Where a path with a trailing slash belongs (the query kept), or null when it has none (or is `/`).
 * The target always starts with exactly one slash: `//evil.com/` goes to `/evil.com`, never to the
 * protocol-relative `//evil.com`, and a backslash counts as a slash (browsers read `/\evil.com` as
 * `//evil.com` in a Location).
 */
export function trailingSlashTarget(pathname: string, search = ''): string | null {
  if (pathname === '/' || !/[/\\]$/.test(pathname)) return null;
  const path = '/' + pathname.replace(/^[/\\]+/, '').replace(/[/\\]+$/, '');
  return path + search;
}

/** 301 for a read (GET, HEAD); 308 keeps any other method and its body. */
export const trailingSlashStatus = (method: string) => (method === 'GET' || method === 'HEAD' ? 301 : 308);
