/**
 * Run after `astro build` for Netlify (`npm run build:netlify`): @astrojs/netlify empties and so creates
 * `.netlify/v1/edge-functions/middleware/` on every build, and leaves it empty unless edge middleware is
 * on (it is not here). netlify-cli sees an edge-functions folder and fetches Deno to run it: `netlify
 * serve --offline` then dies on a machine without network, and a deploy bundles nothing for nothing.
 * The folder is removed only when it holds no file; real edge functions would be kept.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

export function pruneEmptyEdgeFunctions(root: string): boolean {
  const dir = join(root, '.netlify/v1/edge-functions');
  if (!existsSync(dir)) return false;
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => !e.isDirectory());
  if (files.length) return false;
  rmSync(dir, { recursive: true, force: true });
  return true;
}

if (import.meta.main) {
  const removed = pruneEmptyEdgeFunctions(resolve(import.meta.dirname, '..'));
  if (removed) console.log('netlify: removed the empty .netlify/v1/edge-functions folder (it made netlify-cli fetch Deno)');
}
