import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { PRERENDER_ORIGIN } from '#lib/server/config.ts';
import { contentEtag } from '#lib/server/cache/content-etag.ts';
import { encodeAll, type Encoded } from './encoding.ts';

/**
 * Pre-rendered pages are built with a placeholder origin (astro.config.mjs); they are loaded once here
 * with the configured origin written in, compressed once (br, gzip; when first asked for) and served
 * from memory with their static headers (CSP). Only attribute and JSON-LD text carries the placeholder,
 * never an inline script, so the CSP hashes stay right.
 */
export interface Page {
  encoded: Encoded;
  etag: string;
  headers: Record<string, string>;
}

export const withOrigin = (text: string, origin: string) => text.replaceAll(PRERENDER_ORIGIN, origin);
export const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

/** The static headers (CSP) Astro wrote per pre-rendered path, keyed by path without trailing slash. */
function staticHeaders(distDir: string): Map<string, Record<string, string>> {
  const file = join(distDir, '_headers.json');
  const out = new Map<string, Record<string, string>>();
  if (!existsSync(file)) return out;
  const entries = JSON.parse(readFileSync(file, 'utf8')) as { pathname: string; headers: { key: string; value: string }[] }[];
  for (const { pathname, headers } of entries)
    out.set(trimSlash(pathname), Object.fromEntries(headers.map((h) => [h.key.toLowerCase(), h.value])));
  return out;
}

/** Every pre-rendered page under each path the static handler would answer it at. */
export function loadPages(distDir: string, origin: string): Map<string, Page> {
  const clientDir = join(distDir, 'client');
  const headers = staticHeaders(distDir);
  const pages = new Map<string, Page>();
  if (!existsSync(clientDir)) return pages;
  for (const file of htmlFiles(clientDir)) {
    const rel = '/' + relative(clientDir, file).split(sep).join('/');
    const route = rel.endsWith('/index.html') ? trimSlash(rel.slice(0, -'index.html'.length)) : rel.slice(0, -'.html'.length);
    const body = Buffer.from(withOrigin(readFileSync(file, 'utf8'), origin));
    // Browsers revalidate (must-revalidate): an ETag lets them do it with a 304.
    const etag = contentEtag(body);
    // Compressed when first asked for, not at start: a server answers few of its pre-rendered pages (a
    // test's server often none), and compressing all of them cost every start 30-45 ms of CPU. The
    // bytes are the same, made once.
    let encoded: Encoded | undefined;
    const page: Page = {
      get encoded() {
        return (encoded ??= encodeAll(body));
      },
      etag,
      headers: { ...headers.get(route), 'content-type': 'text/html; charset=utf-8' },
    };
    // Only the canonical path (and the file's own name): `/route/` is redirected before this lookup.
    for (const path of new Set([route, rel])) pages.set(path, page);
  }
  return pages;
}
