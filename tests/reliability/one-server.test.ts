/**
 * Four suites on one server of their own: the page cache never shows stale content
 * (cache-suite.ts), uploads are refused or served only as images (uploads-suite.ts), auth attacks
 * are throttled and refused, and their limits survive a kill -9 (auth-attacks-suite.ts), and every
 * method on every route gets an answer while the server keeps serving (methods-suite.ts). Each
 * started a server for itself in a file of its own (about 2 s of CPU a start, and a vitest file's
 * own cost): none changes what another reads (each writes only its own post or uploads, each
 * attack comes from loopback addresses no other suite uses, and the methods are sent without a
 * session). The attacks restart the server, so they come after the suites that write; the methods
 * run last, so the server they find still serving has taken the other suites' writes and a restart.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';
import { authAttacksSuite } from './auth-attacks-suite.ts';
import { cacheSuite } from './cache-suite.ts';
import { methodsSuite } from './methods-suite.ts';
import { uploadsSuite } from './uploads-suite.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
  // A restarted server was started on the first one's folder, which its stop leaves.
  if (server) rmSync(server.dir, { recursive: true, force: true });
});

cacheSuite(() => server);
uploadsSuite(() => server);
authAttacksSuite({
  server: () => server,
  restart: async () => {
    const dir = server.dir;
    await server.kill();
    server = await startServer({ dir });
    return server;
  },
});
methodsSuite(() => server);
