import { afterAll, beforeAll } from 'vitest';
import { loginCookie } from './http.ts';
import { startServer, type RunningServer, type StartOptions } from './server.ts';

/**
 * The calling test file's (or describe block's) own built server, on a scratch database and content
 * repository: started before its tests with the admin signed in, stopped after them.
 * `useOwnServer((s, c) => { server = s; cookie = c; })`.
 */
export function useOwnServer(ready: (server: RunningServer, cookie: string) => void, options?: StartOptions): void {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(options);
    ready(server, await loginCookie(server.baseUrl));
  });
  afterAll(() => server?.stop());
}
