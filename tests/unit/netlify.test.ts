/**
 * The Netlify pieces that run without netlify-cli: the verdict of the scheduled ingest, which reads the
 * run in the database instead of trusting the background function's 202, and the pruning of the empty
 * edge-functions folder that made `netlify serve --offline` fetch Deno.
 */
import { mkdirSync, mkdtempSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeTrigger } from '#lib/server/ingest/run-check.ts';
import { pruneEmptyEdgeFunctions } from '../../scripts/netlify-prune.ts';

const run = (id: number, status: string, reason: string | null = null) => ({ id, status, asOf: '2026-11-22', reason });

describe('scheduled ingest verdict', () => {
  it('a 202 with no run recorded is a failure, not a success', () => {
    const v = judgeTrigger({ answered: 202, previous: run(4, 'published'), lockHeld: false });
    expect(v).toEqual({ ok: false, message: 'the background function answered 202 but recorded no run' });
  });

  it('a run that already failed or was held is reported with its reason', () => {
    const v = judgeTrigger({ answered: 202, started: run(5, 'failed', 'No RPC URL for chain "arbitrum"'), lockHeld: false });
    expect(v.ok).toBe(false);
    expect(v.message).toBe('run 5 (as of 2026-11-22) failed: No RPC URL for chain "arbitrum"');
    expect(judgeTrigger({ answered: 202, started: run(6, 'held', 'moved 80%'), lockHeld: false }).ok).toBe(false);
  });

  it('a run still going or published is fine, and a failed previous run is still mentioned', () => {
    expect(judgeTrigger({ answered: 202, started: run(7, 'running'), lockHeld: false })).toEqual({
      ok: true,
      message: 'run 7 (as of 2026-11-22) running',
    });
    const v = judgeTrigger({ answered: 202, previous: run(6, 'failed'), started: run(7, 'published'), lockHeld: false });
    expect(v).toEqual({ ok: true, message: 'run 7 (as of 2026-11-22) published; the previous run 6 was failed' });
  });

  it('no new run while another holds the lock is not an error; a refused trigger is', () => {
    expect(judgeTrigger({ answered: 202, lockHeld: true }).ok).toBe(true);
    expect(judgeTrigger({ answered: 403, lockHeld: false })).toEqual({
      ok: false,
      message: 'the background function answered 403: no run started',
    });
  });
});

describe('netlify build pruning', () => {
  it('removes an empty edge-functions folder and keeps one with a function', () => {
    const root = mkdtempSync(join(tmpdir(), 'rwa-prune-'));
    const dir = join(root, '.netlify/v1/edge-functions');
    mkdirSync(join(dir, 'middleware'), { recursive: true });
    expect(pruneEmptyEdgeFunctions(root)).toBe(true);
    expect(existsSync(dir)).toBe(false);
    expect(pruneEmptyEdgeFunctions(root)).toBe(false);
    mkdirSync(join(dir, 'middleware'), { recursive: true });
    writeFileSync(join(dir, 'middleware/middleware.mjs'), 'export default () => {}');
    expect(pruneEmptyEdgeFunctions(root)).toBe(false);
    expect(existsSync(join(dir, 'middleware/middleware.mjs'))).toBe(true);
  });
});
