/**
 * Production entry: checks the configuration (one line naming a bad variable, then exit 1), prepares
 * the database (migrations, admin, seed data), prints how to sign in, then starts the built Node
 * server from dist/ behind a small edge (scripts/lib/edge.ts). `npm start` runs the build first.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { prepareDatabase } from '../src/lib/server/setup/prepare.ts';
import { prepareContent } from '../src/lib/server/content/sync.ts';
import { configOrExit } from '../src/lib/server/config.ts';
import { createEdge } from './lib/edge.ts';
import { checkRpcUrls, describeLiveData } from '../src/lib/server/ingest/status.ts';
import { startIngestSchedule } from '../src/lib/server/ingest/schedule.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
// This is the production entry: React (and other libraries) pick their builds from NODE_ENV when first
// loaded, and without 'production' server rendering ran React's development build, several times
// slower (prop validation, warnings). Set it whatever the caller's environment says (vitest sets 'test').
process.env.NODE_ENV = 'production';

const config = configOrExit(() => checkRpcUrls(process.env));
const result = await prepareDatabase(config);
// Posts and articles: open saves reach their files and git, then the index is rebuilt if the files moved on.
const content = await prepareContent(process.env);
for (const problem of content.skipped) console.warn(`  content: skipped ${problem}`);

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
startIngestSchedule(process.env);

// Start the adapter's server ourselves and put the edge in front of its request handler. The adapter
// reads HOST and PORT from the environment itself; give it the checked values.
process.env.HOST = config.host;
process.env.PORT = String(config.port);
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const entry = await import(new URL('../dist/server/entry.mjs', import.meta.url).href);
const edge = createEdge(new URL('../dist/', import.meta.url), config);

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
const { server } = entry.startServer();
const astro = server.server.listeners('request') as Listener[];
server.server.removeAllListeners('request');
server.server.on('request', (req: IncomingMessage, res: ServerResponse) => edge(req, res, () => astro.forEach((l) => l(req, res))));
