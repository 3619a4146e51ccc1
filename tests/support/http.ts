import { TEST_ADMIN } from './constants.ts';

/** Signs in through the real API and returns the session cookie ("name=value"). */
export async function loginCookie(baseUrl: string, credentials: { username: string; password: string } = TEST_ADMIN): Promise<string> {
  const res = await fetch(baseUrl + '/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify(credentials),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('rwa_session='));
  if (!setCookie) throw new Error('no session cookie');
  return setCookie.split(';')[0];
}

/** fetch with JSON body, same-origin Origin header and an optional cookie. */
export function api(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { Origin: baseUrl, ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] ??= 'application/json';
  if (init.cookie) headers.Cookie = init.cookie;
  return fetch(baseUrl + path, {
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    redirect: 'manual',
  });
}
