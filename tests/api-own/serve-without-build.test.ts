/**
 * `npm run serve` without a usable build: no dist/, a dist/ made for Netlify, or a Node
 * build whose chunks are gone. Each ends with exit code 1 and one line saying what to run, never an
 * ERR_MODULE_NOT_FOUND stack. Run on a copy of the project (scripts/lib/project-copy.ts), so this
 * checkout's own build is not touched.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../../scripts/lib/project-copy.ts';
import { NO_BUILD } from '../../front-door/usable-build.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { childNodeOptions } from '../support/server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
let scratch: string;
let project: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'rwa-serve-nobuild-'));
  project = copyProject(ROOT, join(scratch, 'project'));
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `npm run serve` in the copy: `node scripts/serve.ts` on this Node, as the script says. */
async function serve(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const port = String(await freePort());
  return new Promise((done) => {
    const child = spawn(process.execPath, ['scripts/serve.ts'], {
      cwd: project,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: port,
        DATABASE_URL: `file:${join(scratch, 'app.db')}`,
        ADMIN_PASSWORD: 'a-long-test-password-1',
        QUIET_START: '1',
        CONTENT_DIR: join(project, 'content'),
        INGEST_AUTO: 'off',
        NODE_OPTIONS: childNodeOptions(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

function expectOneLine(result: { code: number | null; stderr: string }) {
  expect(result.code).toBe(1);
  const lines = result.stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0].startsWith(NO_BUILD), lines[0]).toBe(true);
  expect(result.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|^\s+at /m);
}

describe('npm run serve without a usable build', () => {
  it('no dist/ at all', async () => {
    rmSync(join(project, 'dist'), { recursive: true, force: true });
    expectOneLine(await serve());
  });

  it('a dist/ made for Netlify (static files, no dist/server/)', async () => {
    rmSync(join(project, 'dist'), { recursive: true, force: true });
    mkdirSync(join(project, 'dist', '_astro'), { recursive: true });
    writeFileSync(join(project, 'dist', 'index.html'), '<!doctype html><title>x</title>');
    expectOneLine(await serve());
  });

  it('a Node build whose chunks are gone', async () => {
    rmSync(join(project, 'dist'), { recursive: true, force: true });
    mkdirSync(join(project, 'dist', 'server'), { recursive: true });
    mkdirSync(join(project, 'dist', 'client'), { recursive: true });
    writeFileSync(join(project, 'dist', 'server', 'entry.mjs'), "export { handler } from './chunks/gone.mjs';\n");
    const result = await serve();
    expectOneLine(result);
    expect(result.stderr).toMatch(/gone\.mjs/);
  });
});
