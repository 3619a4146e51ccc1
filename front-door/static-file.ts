import type { Encoded } from './encoding.ts';

/** A file the front door holds in memory and answers itself: a build asset (assets.ts) or a file of public/ (public-files.ts). */
export interface StaticFile {
  encoded: Encoded;
  type: string;
  /** Given for a name without a content hash, so that a browser can revalidate it. */
  etag?: string;
}

/** The content type of each kind of file the front door serves from memory, by extension. */
export const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
