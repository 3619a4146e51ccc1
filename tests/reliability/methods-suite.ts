/**
 * Every HTTP method, standard and made-up, on every kind of route: each request gets an answer and
 * the server keeps serving. `TRACE /api/auth/me` used to end the process (the adapter's Request
 * constructor throws on TRACE and nothing caught it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { METHODS } from 'node:http';
import { connect } from 'node:net';
import type { RunningServer } from '../support/server.ts';
import { raw, recordFigures } from './support.ts';

let server: RunningServer;

/** The route kinds the server has: pre-rendered and server-rendered pages, API reads and writes, assets. */
const ROUTES = [
  '/',
  '/networks',
  '/global-bonds',
  '/login',
  '/admin',
  '/sitemap.xml',
  '/favicon.svg',
  '/no-such-page',
  '/api/auth/me',
  '/api/auth/login',
  '/api/networks',
  '/api/blog/posts',
  '/api/no-such-endpoint',
  '/api/../login',
  '/api/%2e%2e/login',
  '//api/auth/me',
];
const MADE_UP = ['FOO', 'BREW', 'TRACK', 'X-ANYTHING', 'get'];

/**
 * One request written on a raw socket, so any method token goes out exactly as given (node:http's client
 * treats CONNECT specially). Resolves with the status code, or 0 when the server closed without one.
 */
function send(port: number, method: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setTimeout(15_000, () => socket.destroy(new Error(`timeout ${method} ${path}`)));
    socket.on('connect', () =>
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(data)?.[1] ?? 0)));
  });
}

/** The suite, on the server `ready` gives (tests/reliability/one-server.test.ts). */
export const methodsSuite = (ready: () => RunningServer) =>
  describe('every method on every route', () => {
    beforeAll(() => {
      server = ready();
    });
    it('answers each request and keeps serving', async () => {
      const port = Number(new URL(server.baseUrl).port);
      const unanswered: string[] = [];
      const serverErrors: string[] = [];
      let sent = 0;
      for (const method of [...METHODS, ...MADE_UP]) {
        for (const path of ROUTES) {
          const status = await send(port, method, path);
          sent++;
          if (status === 0) unanswered.push(`${method} ${path}`);
          if (status >= 500 && status !== 501) serverErrors.push(`${method} ${path} -> ${status}`);
        }
        // Still serving after each method's round.
        expect((await raw(server.baseUrl, '/api/networks')).status, `after ${method}`).toBe(200);
      }
      recordFigures('methods', { requests: sent, unanswered: unanswered.length, serverErrors: serverErrors.length });
      expect(unanswered).toEqual([]);
      expect(serverErrors).toEqual([]);
      expect(server.process.exitCode).toBeNull();
    });

    it('answers TRACE and CONNECT with 501 and made-up methods with a 4xx or 501', async () => {
      const port = Number(new URL(server.baseUrl).port);
      expect(await send(port, 'TRACE', '/api/auth/me')).toBe(501);
      expect(await send(port, 'TRACE', '/api/../login')).toBe(405);
      expect(await send(port, 'CONNECT', '/api/auth/me')).toBe(501);
      expect(await send(port, 'PROPFIND', '/api/networks')).toBe(501);
      const foo = await send(port, 'FOO', '/api/networks');
      expect(foo === 501 || (foo >= 400 && foo < 500)).toBe(true);
    });

    it('resolves dot segments before deciding what a path is', async () => {
      // `/api/../login` is the login page: a write to it is a page write (405), never the page itself.
      // (Raw socket: fetch and node:http's URL handling would resolve the dots before sending.)
      const port = Number(new URL(server.baseUrl).port);
      for (const path of ['/api/../login', '/api/%2e%2e/login', '/api/./../login']) expect(await send(port, 'POST', path), path).toBe(405);
      expect(await send(port, 'GET', '/api/../login')).toBe(200);
    });
  });
