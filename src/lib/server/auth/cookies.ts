import type { AstroCookies } from 'astro';
import { SESSION_COOKIE } from './session.ts';

/** HttpOnly, SameSite=Lax, Secure whenever the site is served over https. */
export function setSessionCookie(cookies: AstroCookies, url: URL, token: string, expiresAt: Date) {
  cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(cookies: AstroCookies, url: URL) {
  cookies.set(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    path: '/',
    maxAge: 0,
  });
}
