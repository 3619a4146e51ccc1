/**
 * Two suites on one server whose clock the test moves (TEST_CLOCK_FILE): the page cache at the front
 * door (page-cache-suite.ts) and scheduled publishing (scheduled-suite.ts). Each started such a server
 * for itself in a file of its own (about 3 s of CPU a start, and a vitest file's own cost). Each puts
 * the clock back at the server's own time before it starts and the page cache after it ends; the
 * scheduled items come last, so no scheduled moment cuts the lifetime of an answer the page-cache
 * suite measures.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';
import { loginCookie } from '../support/http.ts';
import { pageCacheSuite } from './page-cache-suite.ts';
import { scheduledSuite } from './scheduled-suite.ts';

let server: RunningServer;
let cookie: string;
const clockFile = join(mkdtempSync(join(tmpdir(), 'rwa-clock-')), 'offset');
beforeAll(async () => {
  writeFileSync(clockFile, '0');
  server = await startServer({ env: { TEST_CLOCK_FILE: clockFile } });
  cookie = await loginCookie(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

pageCacheSuite(() => ({ server, clockFile }));
scheduledSuite(() => ({ server, cookie, clockFile }));
