import { parseCsv } from '#lib/shared/csv.ts';
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

/** One column of a CSV download, by its header name, in the file's row order. */
export async function csvColumn(baseUrl: string, path: string, column: string): Promise<string[]> {
  const res = await fetch(baseUrl + path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  const [header, ...rows] = parseCsv(await res.text());
  if (!header.includes(column)) throw new Error(`${path}: no column ${column} in ${header.join(',')}`);
  return rows.filter((r) => r.length > 1).map((r) => r[header.indexOf(column)]);
}
