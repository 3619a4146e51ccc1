/**
 * Backups: `npm run db:backup` under write load gives a consistent copy holding every write
 * acknowledged before it started; `npm run db:restore` puts it under a new server, which serves the
 * same rows (and the sessions in it still sign people in).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { childNodeOptions, startServer, type RunningServer } from '../support/server.ts';
import { integrityCheck, login, openDb, raw, recordFigures, requireRoute, rowCounts, savePost } from './support.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const servers: RunningServer[] = [];
const dirs: string[] = [];

function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env, NODE_OPTIONS: childNodeOptions() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => ok({ code: code ?? 1, out }));
  });
}

afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('backs up under write load and restores into a new server with the same rows', { timeout: 180_000 }, async () => {
    const server = await startServer();
    servers.push(server);
    const base = server.baseUrl;
    const cookie = await login(base);
    await requireRoute(base, 'POST', '/api/blog/posts', cookie);

    const acked: string[] = [];
    let stop = false;
    const writers = Array.from({ length: 3 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const r = await savePost(base, cookie, `backup-${w}-${i}`);
        expect(r.status).toBeLessThan(300);
        acked.push(r.slug);
      }
    });
    // The backup starts once six saves are acknowledged: the load is on, not still starting.
    await expect.poll(() => acked.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(3 * 2);
    const ackedBefore = [...acked];
    expect(ackedBefore.length).toBeGreaterThan(0);
    const backupDir = mkdtempSync(join(tmpdir(), 'rwa-backup-'));
    dirs.push(backupDir);
    const file = join(backupDir, 'copy.db');
    const t0 = Date.now();
    const backup = await run('scripts/db/backup.ts', [file], { DATABASE_URL: server.databaseUrl });
    const backupMs = Date.now() - t0;
    stop = true;
    await Promise.all(writers);
    expect(backup.code, backup.out).toBe(0);
    expect(await integrityCheck(file)).toBe('ok');

    // Every write acknowledged before the backup began is in it.
    const copy = openDb(file);
    const counts = await rowCounts(copy);
    let missing = 0;
    for (const key of ackedBefore) {
      const rs = await copy.execute({ sql: 'SELECT count(*) AS n FROM blog_posts WHERE slug = ?', args: [key] });
      if (Number(rs.rows[0].n) !== 1) missing++;
    }
    copy.close();
    expect(missing).toBe(0);

    // Restore into a fresh folder, start a server on it, compare.
    const restoreDir = mkdtempSync(join(tmpdir(), 'rwa-restore-'));
    dirs.push(restoreDir);
    const restored = await run('scripts/db/restore.ts', [file], { DATABASE_URL: `file:${join(restoreDir, 'app.db')}`, PORT: '1' });
    expect(restored.code, restored.out).toBe(0);
    const second = await startServer({ dir: restoreDir });
    servers.push(second);
    const live = openDb(second.dbPath);
    const after = await rowCounts(live);
    live.close();
    for (const t of ['users', 'blog_posts', 'research_articles', 'uploads', 'sessions']) {
      if (t in counts) expect(after[t], t).toBe(counts[t]);
    }
    // The restored server serves what the backup holds.
    const res = await raw(second.baseUrl, `/api/blog/posts/by-slug/${ackedBefore[0]}`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    recordFigures('backup', {
      backupMs,
      writesDuringRun: acked.length,
      ackedBeforeBackup: ackedBefore.length,
      missingFromBackup: missing,
      rowsInBackup: Object.values(counts).reduce((a, b) => a + b, 0),
      restoredRowsMatch: 'yes',
    });
  });
});
