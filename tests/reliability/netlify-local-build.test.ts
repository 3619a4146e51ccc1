/**
 * `npm run netlify:local` beside a running `npm start` (issue 26.7): its Netlify build used to write
 * the checkout's dist/, and the running Node server then answered 500 with an empty body on every
 * route it had not loaded yet. It now builds in its own copy (`.netlify/local-site/`,
 * scripts/lib/project-copy.ts). This runs that build, the one netlify.toml names (`npm run
 * build:netlify`), in that copy while the server runs, then asks the server for routes it had not
 * loaded. netlify-cli itself is not run: it is not a dependency (hundreds of MB, fetched by npx) and
 * the build is the part that touched dist/.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server.ts';
import { copyProject, LOCAL_SITE_DIR } from '../../scripts/lib/project-copy.ts';

const ROOT = resolve(import.meta.dirname, '../..');
let server: RunningServer;

/** Every file of dist/ with its size and modification time: what a build into it would change. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const path = join(entry.parentPath, entry.name);
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

describe('netlify:local beside npm start', () => {
  it("builds for Netlify in its own folder; the running server's dist/ is untouched and every route still answers", async () => {
    // Routes the server has not loaded yet (each server-rendered route is its own chunk of dist/server).
    const fresh = ['/sources', '/issuers', '/api/coverage', '/api/treasuries', '/docs/api'];
    expect((await fetch(server.baseUrl + '/')).status).toBe(200);
    const before = snapshot(join(ROOT, 'dist'));

    const site = copyProject(ROOT, join(ROOT, LOCAL_SITE_DIR));
    // As netlify.toml's build does (db:setup skips outside Netlify's production context), on this Node.
    const build = await run('npm', ['run', 'build:netlify'], site, {
      ...process.env,
      PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
      DEPLOY_TARGET: 'netlify',
      SITE_URL: 'http://localhost:8888',
      ASTRO_TELEMETRY_DISABLED: '1',
    });
    expect(build.code, build.output.slice(-2000)).toBe(0);

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
