/**
 * `npm run netlify:local` beside a running `npm start`: its Netlify build used to write
 * the checkout's dist/, and the running Node server then answered 500 with an empty body on every
 * route it had not loaded yet. It now builds in its own copy (`.netlify/local-site/`,
 * scripts/lib/project-copy.ts). This runs the script itself (scripts/netlify-local.ts, with its sqld
 * and content remote) while the server runs, then asks the server for routes it had not loaded.
 * netlify-cli is not a dependency (hundreds of MB, fetched by npx), so the `npx` the script starts
 * is a stand-in first on PATH: it notes where and how it was started, and runs the build
 * netlify.toml names there (`netlify serve` runs it first; the build is the part that touched dist/),
 * then exits, which ends the script.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { LOCAL_SITE_DIR } from '../../scripts/lib/project-copy.ts';
import { PROBE_FOLDER_PREFIX } from '../support/constants.ts';

const ROOT = resolve(import.meta.dirname, '../..');
let server: RunningServer;

/**
 * Every file of dist/ with its size and modification time: what a build into it would change. The
 * API tests' probe files, which another vitest process may be writing meanwhile, are not the build's.
 */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const path = join(entry.parentPath, entry.name);
    if (path.includes(`/${PROBE_FOLDER_PREFIX}`)) continue;
    const s = statSync(path);
    files.set(path, `${s.size}:${s.mtimeMs}`);
  }
  return files;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => done({ code, output }));
  });
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
  rmSync(join(ROOT, LOCAL_SITE_DIR), { recursive: true, force: true });
});

/** The stand-in for `npx netlify-cli serve`: notes its arguments and folder, runs netlify.toml's build command there. */
const NPX = `#!/usr/bin/env node
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
writeFileSync(process.env.NPX_STAND_IN_LOG, JSON.stringify({ cwd: process.cwd(), args: process.argv.slice(2) }));
const toml = readFileSync('netlify.toml', 'utf8');
const command = /\\[build\\][^[]*?\\n\\s*command\\s*=\\s*"([^"]+)"/.exec(toml)[1];
try {
  execSync(command, { stdio: 'inherit' });
} catch (e) {
  process.exit(e.status ?? 1);
}
`;

describe('netlify:local beside npm start', () => {
  it("builds for Netlify in its own folder; the running server's dist/ is untouched and every route still answers", async () => {
    // Routes the server has not loaded yet (each server-rendered route is its own chunk of dist/server).
    const fresh = ['/sources', '/issuers', '/api/coverage', '/api/treasuries', '/docs/api'];
    expect((await fetch(server.baseUrl + '/')).status).toBe(200);
    const before = snapshot(join(ROOT, 'dist'));

    const bin = mkdtempSync(join(tmpdir(), 'rwa-npx-'));
    writeFileSync(join(bin, 'npx'), NPX);
    chmodSync(join(bin, 'npx'), 0o755);
    const log = join(bin, 'started.json');
    // The script's own defaults: a scratch sqld, a scratch content remote, the origin it serves on.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PATH: `${bin}:${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
      NPX_STAND_IN_LOG: log,
      ASTRO_TELEMETRY_DISABLED: '1',
    };
    for (const name of ['SITE_URL', 'SQLD_DIR', 'CONTENT_GIT_REMOTE']) delete env[name];
    const script = await run(process.execPath, ['scripts/netlify-local.ts', '--port', String(await freePort())], ROOT, env);
    expect(script.code, script.output.slice(-2000)).toBe(0);
    // The script started netlify-cli's serve, offline, in its own copy of the project.
    const started = JSON.parse(readFileSync(log, 'utf8')) as { cwd: string; args: string[] };
    const site = join(ROOT, LOCAL_SITE_DIR);
    expect(started.cwd).toBe(site);
    expect(started.args.slice(0, 4)).toEqual(['--yes', expect.stringMatching(/^netlify-cli@\d/), 'serve', '--offline']);
    rmSync(bin, { recursive: true, force: true });

    // The Netlify build is in the copy: static files in its dist/, the SSR function in its .netlify/.
    expect(existsSync(join(site, 'dist', '404.html'))).toBe(true);
    expect(existsSync(join(site, '.netlify', 'v1', 'functions'))).toBe(true);
    // The checkout's dist/ is the Node build it was, file for file.
    expect(snapshot(join(ROOT, 'dist'))).toEqual(before);
    for (const path of fresh) {
      const res = await fetch(server.baseUrl + path);
      expect(res.status, path).toBe(200);
      expect((await res.text()).length, path).toBeGreaterThan(0);
    }
  });
});
