/**
 * Three suites on one server of their own: the page cache never shows stale content
 * (cache-suite.ts), uploads are refused or served only as images (uploads-suite.ts), and every
 * method on every route gets an answer while the server keeps serving (methods-suite.ts). Each
 * started a server for itself in a file of its own (about 3 s of CPU a start, and a vitest file's
 * own cost): none changes what another reads (each writes only its own post or uploads, and the
 * methods are sent without a session), and the methods run last, so the server they find still
 * serving has taken the other suites' writes too.
 */
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';
import { cacheSuite } from './cache-suite.ts';
import { methodsSuite } from './methods-suite.ts';
import { uploadsSuite } from './uploads-suite.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

cacheSuite(() => server);
uploadsSuite(() => server);
methodsSuite(() => server);
