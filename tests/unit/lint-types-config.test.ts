/**
 * The type-aware rules run in oxlint on typescript-go (.oxlintrc.json): typescript-eslint's
 * recommendedTypeChecked, less the one rule the project turns off, on the code; the promise rules on
 * the tests; and TypeScript's own diagnostics everywhere. Each case lints planted files with the
 * project's own config file, in a scratch project of their own (the config's globs are relative to
 * where it lies), so nothing is written into the tree that the other checks read.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tseslint from 'typescript-eslint';

const ROOT = resolve(import.meta.dirname, '../..');
const OXLINT = join(ROOT, 'node_modules/.bin/oxlint');
let scratch = '';

/** The rule names each finding of oxlint names, with the file it is in. */
async function findings(files: Record<string, string>): Promise<string[]> {
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), code);
  }
  const run = await promisify(execFile)(OXLINT, ['--type-aware', '--type-check', '--format=json', ...Object.keys(files)], {
    cwd: scratch,
    env: { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}` },
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(run.stdout) as { diagnostics: Array<{ code: string; filename: string }> };
  for (const path of Object.keys(files)) rmSync(join(scratch, path));
  return report.diagnostics.map((d) => `${d.filename}: ${d.code}`).sort();
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'lint-types-'));
  copyFileSync(join(ROOT, '.oxlintrc.json'), join(scratch, '.oxlintrc.json'));
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true } }),
  );
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the type-aware lint (.oxlintrc.json)', () => {
  it("turns on typescript-eslint's recommendedTypeChecked, but for no-unnecessary-type-assertion, on the code", () => {
    const config = readFileSync(join(ROOT, '.oxlintrc.json'), 'utf8');
    const recommended = Object.entries(Object.assign({}, ...tseslint.configs.recommendedTypeChecked.map((c) => c.rules ?? {})))
      .filter(([name, level]) => level !== 'off' && name.startsWith('@typescript-eslint/'))
      .map(([name]) => name.replace('@typescript-eslint/', ''));
    const untyped = new Set(Object.keys(Object.assign({}, ...tseslint.configs.recommended.map((c) => c.rules ?? {}))));
    const typed = recommended.filter((name) => !untyped.has(`@typescript-eslint/${name}`) && name !== 'no-unnecessary-type-assertion');
    expect(typed.length).toBeGreaterThan(20);
    for (const name of typed) expect(config, name).toContain(`"typescript/${name}": "error"`);
  });

  it('finds a floating promise, an unsafe any, an object in a template and a type error in the code', async () => {
    const code = [
      'export async function answer(): Promise<number> { return await Promise.resolve(1); }',
      'export function use(): string {',
      '  answer();',
      "  const parsed: number = JSON.parse('1');",
      '  const wrong: string = parsed;',
      '  return `${{}}` + wrong;',
      '}',
    ].join('\n');
    expect(await findings({ 'src/lib/planted.ts': code })).toEqual([
      'src/lib/planted.ts: typescript(TS2322)',
      'src/lib/planted.ts: typescript(no-base-to-string)',
      'src/lib/planted.ts: typescript(no-floating-promises)',
      'src/lib/planted.ts: typescript(no-unsafe-assignment)',
      'src/lib/planted.ts: typescript(restrict-template-expressions)',
    ]);
  });

  it('keeps the promise rules in the tests, and lets their `any` be', async () => {
    const code = [
      'async function answer(): Promise<number> { return await Promise.resolve(1); }',
      'export function use(): number {',
      '  answer();',
      "  const parsed: number = JSON.parse('1');",
      '  return parsed;',
      '}',
    ].join('\n');
    expect(await findings({ 'tests/unit/planted.ts': code })).toEqual(['tests/unit/planted.ts: typescript(no-floating-promises)']);
  });
});
