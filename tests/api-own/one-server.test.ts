/**
 * Three suites on one server of their own: the API's conventions (CORS, errors, money, the OpenAPI
 * document: api-conventions-suite.ts), non-ASCII slugs in git and the index
 * (content-unicode-suite.ts), and content history, restore and draft preview
 * (content-history-suite.ts). Each started a server for itself in a file of its own (about 3 s of
 * CPU a start, and a vitest file's own cost). They share nothing one changes for another: each
 * reads and writes only the items it makes. The conventions go first: they read the server's log
 * for the router's warnings, which is then theirs alone.
 */
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';
import { loginCookie } from '../support/http.ts';
import { apiConventionsSuite } from './api-conventions-suite.ts';
import { contentUnicodeSuite } from './content-unicode-suite.ts';
import { contentHistorySuite } from './content-history-suite.ts';

let server: RunningServer;
let cookie: string;
beforeAll(async () => {
  server = await startServer();
  cookie = await loginCookie(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

apiConventionsSuite(() => server);
contentUnicodeSuite(() => ({ server, cookie }));
contentHistorySuite(() => ({ server, cookie }));
