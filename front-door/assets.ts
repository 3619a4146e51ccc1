import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { encodeAll, type Encoded } from './encoding.ts';
import { CONTENT_TYPES, type StaticFile } from './static-file.ts';

/**
 * Build assets (dist/client/_astro: hashed JS, CSS, SVG) compressed at build (precompressAssets, run by
 * the build in astro.config.mjs) and served from memory in the coding the client accepts. Their names
 * carry a content hash, so they are immutable and the name is their ETag.
 */
const ASSET_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.svg', '.json']);

const assetFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true, recursive: true })
        .filter((e) => e.isFile() && ASSET_EXTENSIONS.has(extname(e.name)))
        .map((e) => join(e.parentPath, e.name))
    : [];

/** Writes file.br and file.gz beside every compressible asset, at the highest Brotli quality (once, at build). */
export function precompressAssets(dir: string): number {
  let count = 0;
  for (const file of assetFiles(dir)) {
    const { br, gzip } = encodeAll(readFileSync(file), 11);
    if (!br || !gzip) continue;
    writeFileSync(file + '.br', br);
    writeFileSync(file + '.gz', gzip);
    count++;
  }
  return count;
}

/**
 * The assets under dir (dist/client/_astro) keyed by URL path, with their compressed forms: read from the
 * build's .br/.gz files, or made here for a build that has none (quality 9 keeps the start quick).
 */
export function loadAssets(dir: string, urlPrefix: string): Map<string, StaticFile> {
  const out = new Map<string, StaticFile>();
  for (const file of assetFiles(dir)) {
    const identity = readFileSync(file);
    const built = existsSync(file + '.br') && existsSync(file + '.gz');
    const encoded: Encoded = built ? { identity, br: readFileSync(file + '.br'), gzip: readFileSync(file + '.gz') } : encodeAll(identity);
    const path = urlPrefix + file.slice(dir.length).split('\\').join('/');
    out.set(path, { encoded, type: CONTENT_TYPES[extname(file)] });
  }
  return out;
}
