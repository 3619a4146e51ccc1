/** `npm run serve` on a port already in use exits non-zero with a message naming the port. */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../support/constants.ts';
import { childNodeOptions, scratchContentRepo } from '../support/server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
let taken: Server;
let port: number;

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((ok) => taken.listen(0, '127.0.0.1', ok));
  port = (taken.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((ok) => taken.close(() => ok())));

describe('serve on a port in use', () => {
  it('exits non-zero and names the port', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rwa-port-'));
    const { contentDir } = scratchContentRepo(dir);
    const child = spawn(process.execPath, ['scripts/serve.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        SITE_URL: '',
        TRUSTED_PROXIES: '',
        DATABASE_URL: `file:${join(dir, 'app.db')}`,
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        QUIET_START: '1',
        CONTENT_DIR: contentDir,
        NODE_OPTIONS: childNodeOptions(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    child.stdout!.resume();
    const code = await new Promise<number | null>((ok) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
      child.once('exit', (c) => {
        clearTimeout(timer);
        ok(c);
      });
    });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(err).toContain(`Port ${port} is already in use`);
  });
});
