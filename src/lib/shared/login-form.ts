/**
 * The sign-in form without JavaScript: it posts to /api/auth/login-form, which answers with a 303
 * to the target or back to /login with an error *code* in the query. The page turns a known code
 * into fixed text; an unknown code shows nothing, so a crafted link cannot put words on the page.
 */
export const LOGIN_FORM_ACTION = '/api/auth/login-form';

export const LOGIN_ERRORS = {
  /** The spec's words for an empty field. */
  missing: 'Please fill in all fields',
  /** The spec's words for a failed attempt. */
  invalid: 'Invalid username or password',
  throttled: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  unavailable: 'Sign-in is unavailable right now. Please try again in a moment.',
} as const;
export type LoginErrorCode = keyof typeof LOGIN_ERRORS;

/** The code for a failed sign-in's HTTP status (as the JSON endpoint would answer it). */
export function loginErrorCode(status: number): LoginErrorCode {
  if (status === 400) return 'missing';
  if (status === 401) return 'invalid';
  if (status === 429) return 'throttled';
  return 'unavailable';
}

/** The text for ?error=, or null for none or an unknown code. */
export function loginErrorMessage(code: string | null | undefined): string | null {
  return code && Object.hasOwn(LOGIN_ERRORS, code) ? LOGIN_ERRORS[code as LoginErrorCode] : null;
}

/** Longest ?redirect= carried back to the form (a path on this site; longer ones are dropped). */
export const MAX_REDIRECT_LENGTH = 2048;

/** /login with the error code and the redirect target carried through, for the form's next try. */
export function loginPageUrl(code: LoginErrorCode, redirect: string | null | undefined): string {
  const query = new URLSearchParams();
  if (redirect && redirect.length <= MAX_REDIRECT_LENGTH) query.set('redirect', redirect);
  query.set('error', code);
  return `/login?${query}`;
}
