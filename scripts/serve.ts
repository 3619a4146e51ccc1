/**
 * Production entry: checks the configuration (one line naming a bad variable, then exit 1), prepares
 * the database (migrations, admin, seed data), prints how to sign in, then starts the built Node
 * server from dist/ behind a small edge (front-door/index.ts). `npm start` runs the build first.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { configOrExit, exitOnConfigError } from '#lib/server/config.ts';
import { rpcUrlProblem } from '#lib/server/catalogue/rpc-variables.ts';
import { usableBuild } from '../front-door/usable-build.ts';

// Before anything else (the database, the content): without a build of this server there is nothing to serve.
const build = usableBuild(new URL('../dist/', import.meta.url));
if (!build.ok) {
  console.error(build.problem);
  process.exit(1);
}
if (existsSync('.env')) process.loadEnvFile('.env');
// This is the production entry: React (and other libraries) pick their builds from NODE_ENV when first
// loaded, and without 'production' server rendering ran React's development build, several times
// slower (prop validation, warnings). Set it whatever the caller's environment says (vitest sets 'test').
process.env.NODE_ENV = 'production';

const config = configOrExit();
// The RPC URL variables the registry names, reported the same way (one line naming a bad one, exit 1).
const rpcProblem = await rpcUrlProblem(process.env);
if (rpcProblem) exitOnConfigError(rpcProblem);
// The rest of the server (the database driver and ORM, the content, the ingest, the site) is loaded
// only once the configuration is known to be good: a wrong variable is reported in well under a
// second instead of after seconds of loading modules the start will not use.
const [
  { prepareDatabaseOrExit },
  { keepDelivering, prepareContent },
  { createEdge },
  { describeLiveData },
  { startAutoIngest },
  { keepDeliveringAlerts },
] = await Promise.all([
  import('#lib/server/setup/prepare.ts'),
  import('#lib/server/content/sync.ts'),
  import('../front-door/index.ts'),
  import('#lib/server/ingest/status.ts'),
  import('#lib/server/ingest/auto-child.ts'),
  import('#lib/server/alerts/keep-delivering.ts'),
]);
const result = await prepareDatabaseOrExit(config);
// Posts and articles: open saves reach their files and git, then the index is rebuilt if the files moved on.
const content = await prepareContent(process.env);
for (const problem of content.skipped) console.warn(`  content: skipped ${problem}`);
// What the start could not deliver (the remote was down) goes on being retried, without waiting for a save.
keepDelivering(process.env);

if (!config.quietStart) {
  const { admin } = result;
  console.log('');
  if (admin.created && admin.generatedPassword) {
    console.log(`  Admin sign-in (shown once, save it): username "${admin.username}", password "${admin.generatedPassword}"`);
  } else if (admin.created) {
    console.log(`  Admin sign-in: username "${admin.username}" with the ADMIN_PASSWORD you set`);
  } else {
    console.log('  Admin sign-in: the admin already exists (its password was printed on the first start, or is your ADMIN_PASSWORD).');
  }
  console.log(`  Sign in at ${config.origin}/login`);
  console.log('');
}

// Which figures this server serves: the latest published ingest run, or the embedded snapshot
// (always the case on a machine without a network until a run has been published).
console.log(await describeLiveData(process.env));
// The in-process schedule and the ingest run it starts (the chain readers, some 450 modules and
// 0.4 s of CPU to load) are loaded only when INGEST_SCHEDULE is set.
if (config.ingest.schedule) (await import('#lib/server/ingest/schedule.ts')).startIngestSchedule(process.env);
// Alert webhooks: the outbox is polled, so deliveries a crash or another instance left are sent too.
console.log(await keepDeliveringAlerts(process.env));
// No published run, or none since yesterday: one starts in the background once the server has answered
// its first request (or 5 s after it listens, whichever is first), so that the run's start (a Node process
// loading its readers) does not compete with the first page for the CPU.
let autoStarted = false;
const autoIngest = () => {
  if (autoStarted) return;
  autoStarted = true;
  void startAutoIngest(process.env).catch((e: unknown) => console.error(`  ingest (auto): ${(e as Error).message}`));
};

// Our own HTTP server, with the edge's handlers in front of the adapter's request handler (the entry
// exports it; the adapter's own server is not started). The adapter reads HOST and PORT from the
// environment itself; give it the checked values.
process.env.HOST = config.host;
process.env.PORT = String(config.port);
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const entry = await build.load();
const edge = createEdge(new URL('../dist/', import.meta.url), config);
const astro = entry.handler;

const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
  // No request may end the process: a handler that throws answers this request with a 500 and the
  // server goes on serving the others.
  const app = () => {
    try {
      Promise.resolve(astro(req, res)).catch((error: unknown) => failRequest(res, error));
    } catch (error) {
      failRequest(res, error);
    }
  };
  edge(req, res, app).catch((error: unknown) => failRequest(res, error));
});
// A failed listen names the address and fails, so a supervisor or a script sees it.
http.once('error', (error: NodeJS.ErrnoException) => {
  const where = `${config.host}:${config.port}`;
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${config.port} is already in use (${where}): stop what listens there or set PORT to a free port.`
      : `Cannot listen on ${where}: ${error.message}`,
  );
  process.exit(1);
});
http.listen(config.port, config.host, () => {
  if (!config.quietStart) console.log(`  Server listening on http://${config.host}:${config.port}`);
  setTimeout(autoIngest, 5000).unref();
});
http.once('request', (_req: IncomingMessage, res: ServerResponse) => res.once('close', autoIngest));
// CONNECT never reaches 'request' (Node hands it to 'connect' and drops the socket when nobody listens):
// answer it like any other method the site does not implement.
http.on('connect', (_req: IncomingMessage, socket: Duplex) => {
  socket.end(
    'HTTP/1.1 501 Not Implemented\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 16\r\nConnection: close\r\n\r\nNot Implemented\n',
  );
});
// A rejection nobody awaited (a background write, a timer) is logged, never a reason to exit.
process.on('unhandledRejection', (reason) => console.error('Unhandled rejection:', reason));

function failRequest(res: ServerResponse, error: unknown) {
  console.error('Request failed:', error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Internal Server Error\n');
}
