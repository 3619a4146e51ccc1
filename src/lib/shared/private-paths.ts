/**
 * The site's private areas, in one place: the middleware guards them, responses for them are never
 * cached, robots.txt keeps crawlers out, and signing out leaves them.
 */
const under = (path: string, root: string) => path === root || path.startsWith(root + '/');

/** The signed-in area: anonymous visitors are sent to /login first. */
export const isAdminPath = (path: string) => under(path, '/admin');

/** Pages and calls whose answers are personal: never stored by any cache. */
export const isPrivatePath = (path: string) =>
  isAdminPath(path) || under(path, '/login') || under(path, '/preview') || path.startsWith('/api/auth/');

/** What robots.txt asks crawlers to leave alone. */
export const ROBOTS_DISALLOW = ['/admin', '/login', '/api/', '/preview/'] as const;
