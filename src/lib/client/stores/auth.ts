import { map } from 'nanostores';
import { apiRequest } from '../api';
import { hasSignedInHint } from '@/lib/shared/auth-hint';

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

/** Signs in; true on success. A failure (non-ok answer or an exception) leaves the user as it was. */
export async function login(username: string, password: string): Promise<boolean> {
  $auth.setKey('loading', true);
  try {
    const res = await apiRequest('POST', '/api/auth/login', { username, password });
    $auth.setKey('user', (await res.json()) as User);
    return true;
  } catch (error) {
    console.warn('Login failed', error);
    return false;
  } finally {
    $auth.setKey('loading', false);
  }
}

/** Signs out; the user is cleared even when the call fails. */
export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout');
  } catch (error) {
    console.warn('Logout failed', error);
  } finally {
    $auth.setKey('user', null);
  }
}
