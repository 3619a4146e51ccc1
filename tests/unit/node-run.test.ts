/**
 * Node runs scripts/ and db/ directly (type stripping, no bundler), so every module they reach must
 * import the way Node resolves (docs/decisions/004-import-style.md). The lint config knows those
 * files by the NODE_RUN list; this follows the imports from the entry points and checks that the
 * list has every module they reach.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : tsFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The local modules a file imports (static, dynamic and re-exports), resolved to paths. */
function localImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specs = [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
  return specs.map((spec) => resolve(dirname(file), spec)).filter((path) => /\.tsx?$/.test(path) && existsSync(path));
}

describe('files Node runs directly', () => {
  const reached = new Set<string>();
  const queue = [...tsFiles(join(ROOT, 'scripts')), ...tsFiles(join(ROOT, 'db'))];
  while (queue.length) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    queue.push(...localImports(file));
  }
  const files = [...reached].map((f) => relative(ROOT, f)).sort();
  // Each file's rule options, computed up front: the first call loads the config and its plugins.
  const importStyle = new Map<string, unknown>();
  beforeAll(async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const file of files) importStyle.set(file, (await eslint.calculateConfigForFile(join(ROOT, file))).rules['local/import-style']);
  }, 60_000);

  it('reach modules outside scripts/ and db/ (the walk follows imports)', () => {
    expect([...reached].some((f) => relative(ROOT, f).startsWith('src/lib/server/setup/'))).toBe(true);
  });

  it.each(files)('%s is in NODE_RUN (eslint.config.js)', (file) => {
    expect(importStyle.get(file)).toEqual([2, { nodeRun: true }]);
  });
});
