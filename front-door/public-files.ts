import { readFileSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { extname, join, relative, sep } from 'node:path';
import { isCompressibleType, type Encoded } from './encoding.ts';

/**
 * The files of public/ as the build copied them to dist/client (icons, images, the favicon, the
 * no-script stylesheet), held in memory and served by the front door with an ETag, instead of by the
 * adapter's static handler, which read each from disk on every request (a stat and a read, about
 * 2 ms of CPU each; a table page asks for a dozen network icons). Their names carry no content hash:
 * browsers keep them an hour, then revalidate with the ETag. Compressed when first asked for (send.ts);
 * images are already compressed and go as they are.
 */
const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface PublicFile {
  encoded: Encoded;
  etag: string;
  type: string;
}

/**
 * Every file under clientDir of a type named above, keyed by URL path, except the build's own output
 * (_astro/, served by assets.ts; the pre-rendered pages, prerendered.ts), the compressed copies
 * written beside build assets, and dot-files. Any other file is left to the adapter, as before.
 */
export function loadPublicFiles(clientDir: string): Map<string, PublicFile> {
  const out = new Map<string, PublicFile>();
  let entries;
  try {
    entries = readdirSync(clientDir, { withFileTypes: true, recursive: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const type = TYPES[extname(entry.name).toLowerCase()];
    if (!entry.isFile() || !type) continue;
    const file = join(entry.parentPath, entry.name);
    const path = '/' + relative(clientDir, file).split(sep).join('/');
    // Dot-files and dot-folders stay unserved, as the adapter's static handler leaves them.
    if (path.startsWith('/_astro/') || path.split('/').some((part) => part.startsWith('.'))) continue;
    const identity = readFileSync(file);
    const encoded: Encoded = isCompressibleType(type) ? { identity } : { identity, compressible: false };
    out.set(path, { encoded, etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`, type });
  }
  return out;
}
