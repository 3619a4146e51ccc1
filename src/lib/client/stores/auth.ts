import { map } from 'nanostores';
import { apiRequest, ApiError } from '#lib/client/api.ts';
import { hasSignedInHint } from '#lib/shared/auth-hint.ts';

export interface User {
  id: number;
  username: string;
}

interface AuthState {
  user: User | null;
  /** True during the first session check and during a login. */
  loading: boolean;
}

export const $auth = map<AuthState>({ user: null, loading: true });

let checked: Promise<void> | undefined;

/** The session check at start (runs once per page, however many islands ask). */
export function checkSession(): Promise<void> {
  checked ??= (async () => {
    // No session cookie was ever issued here: nobody is signed in, and asking would only log a 401.
    if (typeof document !== 'undefined' && !hasSignedInHint(document.cookie)) {
      $auth.setKey('user', null);
      $auth.setKey('loading', false);
      return;
    }
    $auth.setKey('loading', true);
    try {
      const res = await apiRequest('GET', '/api/auth/me');
      $auth.setKey('user', (await res.json()) as User);
    } catch {
      $auth.setKey('user', null);
    } finally {
      $auth.setKey('loading', false);
    }
  })();
  return checked;
}

/** The outcome of a sign-in: the user, or the status and the server's message (none when unreachable). */
export type SignInResult = { ok: true; user: User; failedAttempts: number } | { ok: false; status?: number; message?: string };

/** Signs in and says why it failed. A failure (non-ok answer or an exception) leaves the user as it was. */
export async function signIn(username: string, password: string): Promise<SignInResult> {
  $auth.setKey('loading', true);
  try {
    const res = await apiRequest('POST', '/api/auth/login', { username, password });
    const { failedAttempts = 0, ...user } = (await res.json()) as User & { failedAttempts?: number };
    $auth.setKey('user', user);
    return { ok: true, user, failedAttempts };
  } catch (error) {
    console.warn('Login failed', error);
    return error instanceof ApiError ? { ok: false, status: error.status, message: error.serverMessage } : { ok: false };
  } finally {
    $auth.setKey('loading', false);
  }
}

/** Calls a sign-out route; the user is cleared here even when the call fails. */
async function signOut(path: string, failure: string): Promise<void> {
  try {
    await apiRequest('POST', path);
  } catch (error) {
    console.warn(failure, error);
  } finally {
    $auth.setKey('user', null);
  }
}

/** Signs out this session. */
export const logout = (): Promise<void> => signOut('/api/auth/logout', 'Logout failed');

/** Ends every session of this user on every device. */
export const logoutEverywhere = (): Promise<void> => signOut('/api/auth/logout-everywhere', 'Sign out everywhere failed');
