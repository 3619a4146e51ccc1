import type { AstroCookies } from 'astro';
import { SESSION_COOKIE } from './session';
import { SIGNED_IN_HINT_COOKIE } from '@/lib/shared/auth-hint';

/** HttpOnly, SameSite=Lax, Secure whenever the site is served over https. */
export function setSessionCookie(cookies: AstroCookies, url: URL, token: string, expiresAt: Date) {
  cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    path: '/',
    expires: expiresAt,
  });
  setSignedInHint(cookies, url, expiresAt);
}

/** The script-readable "signed in" hint (see src/lib/shared/auth-hint.ts); it lives as long as the session. */
export function setSignedInHint(cookies: AstroCookies, url: URL, expiresAt: Date) {
  cookies.set(SIGNED_IN_HINT_COOKIE, '1', { httpOnly: false, sameSite: 'lax', secure: url.protocol === 'https:', path: '/', expires: expiresAt });
}

export function clearSessionCookie(cookies: AstroCookies, url: URL) {
  cookies.set(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    path: '/',
    maxAge: 0,
  });
  cookies.set(SIGNED_IN_HINT_COOKIE, '', { httpOnly: false, sameSite: 'lax', secure: url.protocol === 'https:', path: '/', maxAge: 0 });
}
