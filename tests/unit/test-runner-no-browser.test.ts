/**
 * `npm test` without a browser fails, never skips: scripts/test.ts, given a Chromium path that does
 * not exist, says so and ends with the summary line CI reads, '0 passed, 1 failed', and exit 1.
 * (The build and the checks are skipped here; the browser is looked for beside them.)
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

it('a missing browser fails the run with its reason and the summary line', () => {
  const root = resolve(import.meta.dirname, '../..');
  // A file no test matches: were the check ever to let the run go on, vitest would find nothing and
  // end at once, instead of a whole nested run writing over this run's reports.
  const run = spawnSync(process.execPath, ['scripts/test.ts', 'tests/unit/no-such-file-for-this-check'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CHROMIUM_PATH: '/no/such/chromium', SKIP_BUILD: '1', SKIP_CHECK: '1' },
    timeout: 60_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('Browser tests need Chromium and none was found: CHROMIUM_PATH=/no/such/chromium does not exist.');
  expect(run.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
});
