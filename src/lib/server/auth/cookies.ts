import type { AstroCookies } from 'astro';
import { SESSION_COOKIE } from './session-cookie.ts';
import { SIGNED_IN_HINT_COOKIE } from '#lib/shared/auth-hint.ts';
import { config } from '#lib/server/config.ts';

/**
 * Secure follows the configured origin's scheme, not the socket: behind a TLS-terminating proxy the
 * connection to this server is plain http while every visitor uses https.
 */
const base = () => ({ sameSite: 'lax' as const, secure: config().https, path: '/' });

/** HttpOnly, SameSite=Lax, Secure whenever the site is served over https. */
export function setSessionCookie(cookies: AstroCookies, token: string, expiresAt: Date) {
  cookies.set(SESSION_COOKIE, token, { ...base(), httpOnly: true, expires: expiresAt });
  setSignedInHint(cookies, expiresAt);
}

/** The script-readable "signed in" hint (see src/lib/shared/auth-hint.ts); it lives as long as the session. */
export function setSignedInHint(cookies: AstroCookies, expiresAt: Date) {
  cookies.set(SIGNED_IN_HINT_COOKIE, '1', { ...base(), httpOnly: false, expires: expiresAt });
}

export function clearSessionCookie(cookies: AstroCookies) {
  cookies.set(SESSION_COOKIE, '', { ...base(), httpOnly: true, maxAge: 0 });
  cookies.set(SIGNED_IN_HINT_COOKIE, '', { ...base(), httpOnly: false, maxAge: 0 });
}
