/**
 * What the running Node server imports lives under src/, front-door/ or db/: scripts/ holds tools
 * (tests' chains, benchmarks, one-off commands) that a change there must not turn into a change of
 * the server. Walks the imports from the server's start (scripts/serve.ts) and fails on any file of
 * scripts/ it reaches.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve('.');
const ALIASES: Record<string, string> = { '#lib/': 'src/lib/', '#db/': 'db/', '#components/': 'src/components/' };

/**
 * The local files a module imports (package imports and relative paths; npm packages left out):
 * statically, and by `import('...')` with a written path (the start loads most of the server that
 * way, once its configuration has been checked).
 */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'|\bimport\(\s*'([^']+)'/gm)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (/^import\s+type\b/.test(m[0].trim())) continue;
    const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
    const path = alias ? join(ROOT, ALIASES[alias], spec.slice(alias.length)) : spec.startsWith('.') ? resolve(dirname(file), spec) : null;
    // A JSON module imported with its type attribute is one Node loads.
    const after = text.slice(m.index + m[0].length);
    const typed = m[3] ? /^\s*,\s*\{\s*with:\s*\{\s*type:\s*'json'\s*\}/.test(after) : /^\s*with\s*\{\s*type:\s*'json'\s*\}/.test(after);
    if (path && (/\.(ts|mts)$/.test(path) || (path.endsWith('.json') && !typed)) && existsSync(path)) out.push(path);
  }
  return out;
}

/** Every local file the server's start reaches through its imports. */
function reachedFromStart(): string[] {
  const start = join(ROOT, 'scripts/serve.ts');
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    const file = queue.pop()!;
    if (file.endsWith('.json')) continue;
    for (const f of importsOf(file))
      if (!seen.has(f)) {
        seen.add(f);
        queue.push(f);
      }
  }
  return [...seen].map((f) => relative(ROOT, f));
}

describe("the server's imports", () => {
  it('reach no file of scripts/ but the start itself', () => {
    const reached = reachedFromStart();
    expect(reached).toContain('front-door/index.ts');
    expect(reached.filter((f) => f.startsWith('scripts/') && f !== 'scripts/serve.ts')).toEqual([]);
  });

  it('reach no JSON module imported without its type: Node runs the start itself and refuses it (Vite takes it)', () => {
    expect(reachedFromStart().filter((f) => f.endsWith('.json'))).toEqual([]);
  });
});
