/**
 * The OpenAPI document the built server serves passes Redocly's `recommended` rules and Spectral's
 * `spectral:oas` with no error and no warning. Both CLIs come from node_modules, run on
 * the project's Node with their built-in rulesets (tests/support/openapi-lint/): no remote ruleset,
 * no telemetry, no update check. Each CLI also lints, in the same run, a copy of the document
 * broken on purpose (two operations with one operationId, an error under both rulesets): a linter
 * that loaded no rule would pass the served document too.
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
let broken: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rwa-openapi-lint-'));
  document = join(dir, 'openapi.json');
  const res = await fetch(inject('baseUrl') + '/api/openapi.json');
  expect(res.status).toBe(200);
  const text = await res.text();
  writeFileSync(document, text);
  // The known-bad copy: the second GET operation takes the first one's operationId.
  const doc = JSON.parse(text) as { paths: Record<string, { get?: { operationId: string } }> };
  const [first, second] = Object.values(doc.paths).flatMap((p) => (p.get ? [p.get] : []));
  second.operationId = first.operationId;
  broken = join(dir, 'broken.json');
  writeFileSync(broken, JSON.stringify(doc));
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
  it("passes Redocly's recommended rules: 0 errors, 0 warnings (and the broken copy fails them)", async () => {
    const out = await output(
      execFileAsync('redocly', ['lint', '--config', join(CONFIG, 'redocly.yaml'), '--format', 'json', document, broken], {
        cwd: dir,
        env: OFFLINE,
      }),
    );
    // One JSON report per document, one after the other (each ends with a closing brace at the line's start).
    type Report = { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string; severity: string }[] };
    const [report, badReport] = out
      .slice(out.indexOf('{'))
      .split(/(?<=\n\})\s*(?=\{)/)
      .map((part) => JSON.parse(part) as Report);
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(badReport.problems.map((p) => `${p.severity} ${p.ruleId}`)).toContain('error operation-operationId-unique');
  });

  it("passes Spectral's spectral:oas: 0 errors, 0 warnings (and the broken copy fails it)", async () => {
    const out = await output(
      execFileAsync('spectral', ['lint', '--ruleset', join(CONFIG, 'spectral.yaml'), '--format', 'json', '--quiet', document, broken], {
        cwd: dir,
        env: OFFLINE,
      }),
    );
    const findings = JSON.parse(out.slice(out.indexOf('['))) as { code: string; message: string; severity: number; source: string }[];
    // Severity 0 is an error, 1 a warning (2 info, 3 hint).
    const of = (file: string) => findings.filter((f) => f.source === file && f.severity <= 1);
    expect(of(document).map((f) => `${f.code}: ${f.message}`)).toEqual([]);
    expect(of(broken).map((f) => `${f.severity} ${f.code}`)).toContain('0 operation-operationId-unique');
  });
});
