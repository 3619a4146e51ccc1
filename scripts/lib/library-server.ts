/**
 * The site the way a Netlify function runs it, on a plain HTTP port: for the sqld test lane and
 * `npm run dev:sqld`, where it stands beside a Node server (scripts/serve.ts) on one database.
 *
 * - Setup is what a Netlify deploy's build does (`npm run db:setup`): migrate and seed under the
 *   database lock, refuse a content setup a function cannot keep (no CONTENT_GIT_REMOTE), bring the
 *   content index up to date. Then only requests run: no ingest schedule, no outbox sweep, no timer
 *   of the long-lived server.
 * - Each request runs inside a function context, exposed as Netlify's runtime does (the global
 *   `Netlify.context`, with `waitUntil`), so the app behaves as it does on Netlify: a save's commit
 *   and push are held by the request (src/lib/server/content/acknowledge.ts), not left to a timer.
 * - No edge in front (front-door/index.ts is the Node server's): on Netlify the CDN takes its place.
 *
 * Configured by the same environment as the server (HOST, PORT, DATABASE_URL, CONTENT_GIT=library,
 * CONTENT_GIT_REMOTE ...).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { configOrExit } from '#lib/server/config.ts';
import { prepareDatabaseOrExit } from '#lib/server/setup/prepare.ts';
import { prepareContent } from '#lib/server/content/sync.ts';
import { functionHostProblem } from '#lib/server/content/host.ts';

process.env.NODE_ENV = 'production';
const config = configOrExit();
const problem = functionHostProblem(config.content);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const { admin } = await prepareDatabaseOrExit(config);
if (admin.generatedPassword && !config.quietStart) {
  console.log(`  Admin sign-in (shown once, save it): username "${admin.username}", password "${admin.generatedPassword}"`);
}
const content = await prepareContent(process.env);
for (const skipped of content.skipped) console.warn(`  content: skipped ${skipped}`);

interface FunctionContext {
  requestId: string;
  waitUntil: (promise: Promise<unknown>) => void;
}
const requests = new AsyncLocalStorage<FunctionContext>();
/** Work a request handed to waitUntil, still running (a function instance would stay up for it). */
const held = new Set<Promise<unknown>>();
(globalThis as { Netlify?: unknown }).Netlify = {
  get context() {
    return requests.getStore() ?? null;
  },
  env: {
    get: (key: string) => process.env[key],
    has: (key: string) => key in process.env,
    toObject: () => ({ ...process.env }),
  },
};

process.env.HOST = config.host;
process.env.PORT = String(config.port);
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const entry = (await import(new URL('../../dist/server/entry.mjs', import.meta.url).href)) as {
  handler: (req: IncomingMessage, res: ServerResponse) => void;
};
const handler = entry.handler;
let next = 0;

const server = createServer((req, res) => {
  const context: FunctionContext = {
    requestId: String(++next),
    waitUntil: (promise) => {
      const p = promise.catch((error: unknown) => console.error('waitUntil:', error)).finally(() => held.delete(p));
      held.add(p);
    },
  };
  requests.run(context, () => {
    try {
      handler(req, res);
    } catch (error) {
      console.error('Request failed:', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal Server Error\n');
    }
  });
});
server.on('error', (error) => {
  console.error(`library server: ${error.message}`);
  process.exit(1);
});
server.listen(config.port, config.host, () => console.log(`library-mode server on ${config.origin}`));
process.on('unhandledRejection', (reason) => console.error('Unhandled rejection:', reason));
process.on('SIGTERM', () => {
  // Like a function instance being retired: held work first, then exit.
  void Promise.allSettled([...held]).then(() => process.exit(0));
});
