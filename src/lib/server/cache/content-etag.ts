import { createHash } from 'node:crypto';

/** A strong ETag of a body's bytes: the same bytes always give the same tag, on every instance. */
export const contentEtag = (body: Uint8Array) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
