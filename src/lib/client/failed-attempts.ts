/**
 * Failed sign-ins since the admin's previous sign-in, carried from the login form to the admin page
 * (the login answer reports them once), so the admin learns that someone tried the account.
 */
const KEY = 'rwa:failed-sign-ins';

export function rememberFailedAttempts(n: number) {
  try {
    sessionStorage.setItem(KEY, String(n));
  } catch {
    // Storage refused (private mode): the notice is a courtesy, the sign-in goes on.
  }
}

/** The number to tell, once: reading it forgets it. */
export function takeFailedAttempts(): number {
  try {
    const n = Number(sessionStorage.getItem(KEY) ?? 0);
    sessionStorage.removeItem(KEY);
    return Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}

export const failedAttemptsNotice = (n: number) =>
  `${n} failed sign-in ${n === 1 ? 'attempt' : 'attempts'} on this account since your last sign-in. If that was not you, choose a stronger password.`;
