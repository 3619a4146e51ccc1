import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TEST_ADMIN } from './constants.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { exitOf, stopChild, waitUntilReady } from '../../scripts/lib/child-ready.ts';
import { preparedDatabase } from './prepared-database.ts';
import { PRELOAD_FLAG } from './preload-flag.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * NODE_OPTIONS for a Node process a test starts (and the ones it starts in turn): the caller's, plus
 * node-preload.mjs (a compile cache shared by the run's processes, and Node's own resolution of
 * node_modules without re-parsing drizzle-orm's 179 KB exports map for each of its files).
 */
export function childNodeOptions(env: NodeJS.ProcessEnv = process.env): string {
  const current = env.NODE_OPTIONS ?? '';
  return current.includes(PRELOAD_FLAG) ? current : `${current} ${PRELOAD_FLAG}`.trim();
}

export interface RunningServer {
  baseUrl: string;
  dir: string;
  dbPath: string;
  databaseUrl: string;
  /** The scratch git work tree whose content/ the server reads and commits to. */
  contentRepo: string;
  contentDir: string;
  process: ChildProcess;
  /** Output so far, for debugging a failed start. */
  output: () => string;
  stop: () => Promise<void>;
  /** kill -9, for crash tests; the scratch folder is kept. */
  kill: () => Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse the scratch folder (and database) of an earlier server. */
  dir?: string;
  /** The entry to run (default the Node server, scripts/serve.ts; scripts/lib/library-server.ts runs it as a function would). */
  script?: string;
  /**
   * Start on an empty database that this start migrates and seeds: for a test of the first start
   * itself (what it creates, prints or starts). Otherwise a start in a new scratch folder, on the
   * default file database and admin, begins from a copy of the database (and content repository) a
   * first start of this test run prepared (prepared-database.ts): the same file, without the CPU of
   * preparing it again.
   */
  fresh?: boolean;
}

/** Variables that change what a first start writes, or where: a start given one prepares its own database. */
const OWN_DATABASE = ['DATABASE_URL', 'DATABASE_AUTH_TOKEN', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'CONTENT_DIR'];

/** Whether this start may begin from the run's prepared database (see StartOptions.fresh). */
const mayCopyPrepared = (options: StartOptions) =>
  !options.fresh && !options.dir && !options.script && !OWN_DATABASE.some((name) => options.env?.[name] !== undefined);

/**
 * A scratch git repository holding a copy of the starter posts and articles in content/, so no
 * test ever commits to (or deletes from) the project's own checkout. `from`: one made earlier in this
 * run, copied (its history and all) instead of a new one committed.
 */
export function scratchContentRepo(dir: string, from?: string): { repo: string; contentDir: string } {
  const repo = join(dir, 'content-repo');
  const contentDir = join(repo, 'content');
  if (existsSync(join(repo, '.git'))) return { repo, contentDir };
  if (from) {
    cpSync(from, repo, { recursive: true });
    return { repo, contentDir };
  }
  for (const sub of ['blog', 'research']) cpSync(join(ROOT, 'content', sub), join(contentDir, sub), { recursive: true });
  const run = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test Setup', '-c', 'user.email=setup@example.test', ...args], { cwd: repo, stdio: 'pipe' });
  run('init', '--quiet', '--initial-branch=main');
  run('add', '.');
  run('commit', '--quiet', '-m', 'Starter content');
  return { repo, contentDir };
}

const thisRunsPrepared = () => preparedDatabase(async (work) => (await startServer({ dir: work, fresh: true })).stop());

/**
 * A new scratch folder begun as a default start begins (StartOptions.fresh): this run's prepared
 * database at dir/app.db and a copy of its content repository, for a test that sets the folder up
 * further (a remote cloned from the repository) before it starts a server there with `dir`.
 * Outside a vitest run, or when the preparation failed, only the scratch content repository.
 */
export async function preparedScratch(dir: string): Promise<{ repo: string; contentDir: string }> {
  const prepared = await thisRunsPrepared();
  if (prepared) copyFileSync(prepared.database, join(dir, 'app.db'));
  return scratchContentRepo(dir, prepared?.contentRepo);
}

/** Starts the built production server (scripts/serve.ts) on loopback with a scratch libSQL file. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  if (!existsSync(join(ROOT, 'dist/server/entry.mjs'))) {
    throw new Error('dist/server/entry.mjs is missing: run `npm run build` (npm test does it for you).');
  }
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'rwa-test-'));
  const dbPath = join(dir, 'app.db');
  const port = await freePort();
  // A libSQL server's URL given in env (the sqld lane) takes the place of the scratch file.
  const databaseUrl = options.env?.DATABASE_URL ?? `file:${dbPath}`;
  const prepared = mayCopyPrepared(options) ? await thisRunsPrepared() : undefined;
  if (prepared) copyFileSync(prepared.database, dbPath);
  const { repo: contentRepo, contentDir } = scratchContentRepo(dir, prepared?.contentRepo);
  const child = spawn(process.execPath, [options.script ?? 'scripts/serve.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      // Unset: the origin is the one served on, http://127.0.0.1:PORT (baseUrl), for every page.
      SITE_URL: '',
      TRUSTED_PROXIES: '',
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      QUIET_START: '1',
      CONTENT_DIR: contentDir,
      // No run by itself: it would read the registry's public endpoints (the internet). A test that wants one turns it on.
      INGEST_AUTO: 'off',
      ...options.env,
      NODE_OPTIONS: childNodeOptions(options.env?.NODE_OPTIONS === undefined ? process.env : options.env),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, {
    name: 'Server',
    probe: async () => {
      const res = await fetch(baseUrl + '/api/auth/me');
      return res.status === 401 || res.ok;
    },
    timeoutMs: 60_000,
    intervalMs: 150,
    output: () => out,
  });
  const exited = exitOf(child);
  // A server that ends by itself (not stopped or killed by its test) prints its log into the test's
  // output: its tests then fail on refused connections, which say nothing of why it ended.
  let ending = false;
  child.once('exit', (code, signal) => {
    if (!ending) console.error(`Server ${baseUrl} ended by itself (code ${code}, signal ${signal}). Its output:\n${out}`);
  });
  return {
    baseUrl,
    dir,
    dbPath,
    databaseUrl,
    contentRepo,
    contentDir,
    process: child,
    output: () => out,
    stop: async () => {
      ending = true;
      await stopChild(child);
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
    kill: async () => {
      ending = true;
      child.kill('SIGKILL');
      await exited();
    },
  };
}
