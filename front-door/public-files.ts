import { readFileSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { contentEtag } from '#lib/server/cache/content-etag.ts';
import { isCompressibleType, type Encoded } from './encoding.ts';
import { CONTENT_TYPES, type StaticFile } from './static-file.ts';

/**
 * The files of public/ as the build copied them to dist/client (icons, images, the favicon, the
 * no-script stylesheet), held in memory and served by the front door with an ETag, instead of by the
 * adapter's static handler, which read each from disk on every request (a stat and a read, about
 * 2 ms of CPU each; a table page asks for a dozen network icons). Their names carry no content hash:
 * browsers keep them an hour, then revalidate with the ETag. Compressed when first asked for (send.ts);
 * images are already compressed and go as they are.
 */
const PUBLIC_EXTENSIONS = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif', '.ico', '.css', '.txt', '.woff2']);

/**
 * Every file under clientDir of a kind named above, keyed by URL path, except the build's own output
 * (_astro/, served by assets.ts; the pre-rendered pages, prerendered.ts), the compressed copies
 * written beside build assets, and dot-files. Any other file is left to the adapter, as before.
 */
export function loadPublicFiles(clientDir: string): Map<string, StaticFile> {
  const out = new Map<string, StaticFile>();
  let entries;
  try {
    entries = readdirSync(clientDir, { withFileTypes: true, recursive: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const extension = extname(entry.name).toLowerCase();
    if (!entry.isFile() || !PUBLIC_EXTENSIONS.has(extension)) continue;
    const type = CONTENT_TYPES[extension];
    const file = join(entry.parentPath, entry.name);
    const path = '/' + relative(clientDir, file).split(sep).join('/');
    // Dot-files and dot-folders stay unserved, as the adapter's static handler leaves them.
    if (path.startsWith('/_astro/') || path.split('/').some((part) => part.startsWith('.'))) continue;
    const identity = readFileSync(file);
    const encoded: Encoded = isCompressibleType(type) ? { identity } : { identity, compressible: false };
    out.set(path, { encoded, etag: contentEtag(identity), type });
  }
  return out;
}
