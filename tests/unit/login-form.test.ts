import { describe, expect, it } from 'vitest';
import { LOGIN_ERRORS, loginErrorCode, loginErrorMessage, loginPageUrl, MAX_REDIRECT_LENGTH } from '#lib/shared/login-form.ts';

describe('the no-JavaScript login form', () => {
  it('maps the API statuses to codes and the codes to the spec words', () => {
    expect(loginErrorCode(400)).toBe('missing');
    expect(loginErrorCode(401)).toBe('invalid');
    expect(loginErrorCode(429)).toBe('throttled');
    expect(loginErrorCode(500)).toBe('unavailable');
    expect(loginErrorMessage('invalid')).toBe('Invalid username or password');
    expect(loginErrorMessage('missing')).toBe('Please fill in all fields');
  });

  it('shows nothing for an unknown or inherited code', () => {
    for (const code of [null, '', 'constructor', '__proto__', 'toString', '<b>x</b>']) expect(loginErrorMessage(code)).toBeNull();
  });

  it('carries the redirect target back, dropping one that is too long', () => {
    expect(loginPageUrl('invalid', '/admin/seo?x=1')).toBe('/login?redirect=%2Fadmin%2Fseo%3Fx%3D1&error=invalid');
    expect(loginPageUrl('missing', null)).toBe('/login?error=missing');
    expect(loginPageUrl('missing', '/' + 'a'.repeat(MAX_REDIRECT_LENGTH))).toBe('/login?error=missing');
    expect(Object.keys(LOGIN_ERRORS)).toEqual(['missing', 'invalid', 'throttled', 'unavailable']);
  });
});
