/**
 * A cookie readable by scripts that says only "a session cookie was issued to this browser". It opens
 * nothing (the HttpOnly session cookie does, checked on the server); it lets the header skip the
 * session check when nobody is signed in, so signed-out visitors' pages make no request that ends in 401
 * (which browsers log as a console error).
 */
export const SIGNED_IN_HINT_COOKIE = 'rwa_signed_in';

export function hasSignedInHint(cookieHeader: string): boolean {
  return cookieHeader.split(/;\s*/).some((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=1`));
}
