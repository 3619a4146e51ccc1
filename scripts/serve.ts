/**
 * Production entry: prepares the database (migrations, admin, seed data), prints how to sign in,
 * then starts the built Node server from dist/. `npm start` runs the build first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { prepareDatabase } from '../db/setup.ts';
import { baselineHeaders } from '../src/lib/server/security.ts';
import { describeLiveData } from '../src/lib/server/ingest/status.ts';
import { startIngestSchedule } from '../src/lib/server/ingest/schedule.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
// This is the production entry: React (and other libraries) pick their builds from NODE_ENV when first
// loaded, and without 'production' server rendering ran React's development build, several times
// slower (prop validation, warnings). Set it whatever the caller's environment says (vitest sets 'test').
process.env.NODE_ENV = 'production';

const result = await prepareDatabase(process.env);
const host = process.env.HOST || 'localhost';
const port = process.env.PORT || '4321';
const origin = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;

if (!process.env.QUIET_START) {
  const { admin } = result;
  console.log('');
  if (admin.created && admin.generatedPassword) {
    console.log(`  Admin sign-in (shown once, save it): username "${admin.username}", password "${admin.generatedPassword}"`);
  } else if (admin.created) {
    console.log(`  Admin sign-in: username "${admin.username}" with the ADMIN_PASSWORD you set`);
  } else {
    console.log('  Admin sign-in: the admin already exists (its password was printed on the first start, or is your ADMIN_PASSWORD).');
  }
  console.log(`  Sign in at ${origin}/login`);
  console.log('');
}

// Which figures this server serves: the latest published ingest run, or the embedded snapshot
// (always the case on a machine without a network until a run has been published).
console.log(await describeLiveData(process.env));
startIngestSchedule(process.env);

// Start the adapter's server ourselves so that every response, including pre-rendered pages and
// assets (served without the middleware), gets the baseline security headers. Headers the route sets
// itself (writeHead) take precedence over these.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const entry = await import(new URL('../dist/server/entry.mjs', import.meta.url).href);

// The adapter adds a pre-rendered page's CSP header only when that page is requested by its own path;
// the 404 page served for an unknown path would go out with no CSP at all. Give error pages theirs.
const staticHeadersFile = new URL('../dist/_headers.json', import.meta.url);
const errorPageCsp = new Map<number, string>();
if (existsSync(staticHeadersFile)) {
  const entries = JSON.parse(readFileSync(staticHeadersFile, 'utf8')) as { pathname: string; headers: { key: string; value: string }[] }[];
  for (const { pathname, headers } of entries) {
    const csp = headers.find((h) => h.key.toLowerCase() === 'content-security-policy');
    if (csp && /^\/(404|500)$/.test(pathname)) errorPageCsp.set(Number(pathname.slice(1)), csp.value);
  }
}

type Res = { setHeader(k: string, v: string): void; hasHeader(k: string): boolean; writeHead: (status: number, ...rest: unknown[]) => unknown };
const { server } = entry.startServer();
server.server.prependListener('request', (req: { url?: string }, res: Res) => {
  const pathname = (req.url ?? '/').split('?')[0];
  for (const [key, value] of Object.entries(baselineHeaders(pathname))) res.setHeader(key, value);
  if (errorPageCsp.size === 0) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: Res, status: number, ...rest: unknown[]) {
    const csp = errorPageCsp.get(status);
    if (csp && !res.hasHeader('content-security-policy') && !JSON.stringify(rest).toLowerCase().includes('content-security-policy')) {
      res.setHeader('Content-Security-Policy', csp);
    }
    return writeHead.call(this, status, ...rest);
  };
});
