/**
 * A copy of the project's sources in another folder, for a build that must not touch this checkout's
 * own: `npm run netlify:local` builds for Netlify in `.netlify/local-site/` (its dist/ and .netlify/
 * are its own), so the dist/ that `npm start` serves is never rewritten under a running server.
 *
 * Left out: what a build makes or a run keeps (dist, .astro, .netlify, data, test results) and what
 * is shared (node_modules: a copy inside the checkout finds the checkout's own by Node's upward search).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const LEFT_OUT = new Set(['node_modules', 'dist', '.astro', '.netlify', '.git', 'data', 'test-results']);
const LEFT_OUT_PATHS = new Set([join('bench', 'results')]);

/** Where `npm run netlify:local` builds and serves from, inside the checkout (ignored by git and the tools). */
export const LOCAL_SITE_DIR = join('.netlify', 'local-site');

/** Copies the project at `root` into `dest`, emptied first; returns `dest`. */
export function copyProject(root: string, dest: string): string {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  // Entry by entry: the destination may lie inside the root (cpSync refuses a folder into itself).
  for (const entry of readdirSync(root)) {
    if (LEFT_OUT.has(entry)) continue;
    cpSync(join(root, entry), join(dest, entry), {
      recursive: true,
      filter: (src) => !LEFT_OUT_PATHS.has(relative(root, src).split(sep).slice(0, 2).join(sep)),
    });
  }
  if (!existsSync(join(dest, 'package.json'))) throw new Error(`${root} is not the project (no package.json)`);
  return dest;
}
