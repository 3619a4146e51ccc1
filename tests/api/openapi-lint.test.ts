/**
 * The OpenAPI document the built server serves passes Redocly's `recommended` rules and Spectral's
 * `spectral:oas` with no error and no warning (issue 26.5). Both CLIs come from node_modules, run on
 * the project's Node with their built-in rulesets (tests/support/openapi-lint/): no remote ruleset,
 * no telemetry, no update check.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const execFileAsync = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const CONFIG = join(ROOT, 'tests/support/openapi-lint');
const OFFLINE = {
  ...process.env,
  // The CLIs' shims start `node` from PATH: the project's own Node 24 (node_modules/.bin/node) first.
  PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NO_COLOR: '1',
};

let dir: string;
let document: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rwa-openapi-lint-'));
  document = join(dir, 'openapi.json');
  const res = await fetch(inject('baseUrl') + '/api/openapi.json');
  expect(res.status).toBe(200);
  writeFileSync(document, await res.text());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A CLI's output; a non-zero exit (findings) still gives it. */
async function output(running: Promise<{ stdout: string }>): Promise<string> {
  try {
    return (await running).stdout;
  } catch (error) {
    return (error as { stdout?: string }).stdout ?? String(error);
  }
}

describe('/api/openapi.json under the linters', () => {
  it("passes Redocly's recommended rules: 0 errors, 0 warnings", async () => {
    const out = await output(
      execFileAsync('redocly', ['lint', '--config', join(CONFIG, 'redocly.yaml'), '--format', 'json', document], {
        cwd: dir,
        env: OFFLINE,
      }),
    );
    const report = JSON.parse(out.slice(out.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("passes Spectral's spectral:oas: 0 errors, 0 warnings", async () => {
    const out = await output(
      execFileAsync('spectral', ['lint', '--ruleset', join(CONFIG, 'spectral.yaml'), '--format', 'json', '--quiet', document], {
        cwd: dir,
        env: OFFLINE,
      }),
    );
    const findings = JSON.parse(out.slice(out.indexOf('['))) as { code: string; message: string; severity: number }[];
    // Severity 0 is an error, 1 a warning (2 info, 3 hint).
    expect(findings.filter((f) => f.severity <= 1).map((f) => `${f.code}: ${f.message}`)).toEqual([]);
  });
});
