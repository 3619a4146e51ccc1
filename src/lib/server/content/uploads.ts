import { and, desc, eq, like, lt, or } from 'drizzle-orm';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { uploads } from '#db/schema/index.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from '#lib/shared/upload-rules.ts';
import type { UploadedImage } from '#lib/shared/content-types.ts';
import { pageOf, type UploadList, type UploadListQuery } from '#lib/shared/upload-list.ts';
import { getDb } from '#lib/server/db/client.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { now } from '#lib/server/clock.ts';
import { sniffImage } from './image-sniff.ts';
import { publicWhere } from './articles.ts';
import { perKind } from './article-table.ts';

/**
 * Beyond this the image is refused however small the file: a decompression bomb for whoever decodes
 * it. 25 megapixels holds a 6000x4000 camera photo; the editor scales images to 1200 px wide anyway.
 */
const MAX_UPLOAD_PIXELS = 25_000_000;

const uploadUrl = (id: string) => `/api/uploads/${id}`;

/** Checks the bytes and stores the image; 415 for anything but JPEG/PNG/WebP/GIF, 413 past the limits. */
export async function saveUpload(bytes: Uint8Array): Promise<UploadedImage> {
  if (bytes.byteLength === 0) throw new HttpError(400, 'The file is empty.');
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new HttpError(413, UPLOAD_TOO_LARGE);
  const info = sniffImage(bytes);
  if (!info) throw new HttpError(415, 'Only JPEG, PNG, WebP and GIF images can be uploaded.');
  if (info.width < 1 || info.height < 1) throw new HttpError(415, 'The image has no readable dimensions.');
  if (info.width * info.height > MAX_UPLOAD_PIXELS) {
    throw new HttpError(413, `The image is ${info.width}x${info.height}; at most 25 megapixels are accepted.`);
  }
  const id = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(16)));
  await getDb()
    .insert(uploads)
    .values({
      id,
      mimeType: info.mimeType,
      size: bytes.byteLength,
      width: info.width,
      height: info.height,
      data: Buffer.from(bytes),
      createdAt: new Date(),
    });
  return { id, url: uploadUrl(id), mimeType: info.mimeType, size: bytes.byteLength, width: info.width, height: info.height };
}

const isUploadId = (id: string) => /^[a-z2-7]{20,40}$/.test(id);

/** The stored bytes and their type, or null for an unknown id. */
export async function getUpload(id: string): Promise<{ mimeType: string; data: Buffer } | null> {
  if (!isUploadId(id)) return null;
  const [row] = await getDb().select({ mimeType: uploads.mimeType, data: uploads.data }).from(uploads).where(eq(uploads.id, id)).limit(1);
  return row ?? null;
}

/**
 * True when a public post or article shows the image (featured, social or in its text): published
 * and its date come, the rule of every public read. Until then an upload is the admin's alone: a
 * draft's or a scheduled item's pictures are not public by id before the item is.
 */
export async function isUploadPublished(id: string): Promise<boolean> {
  if (!isUploadId(id)) return false;
  const ref = `%${uploadUrl(id)}%`;
  const at = now();
  const shown = await Promise.all(
    perKind((t, kind) =>
      getDb()
        .select({ id: t.id })
        .from(t)
        .where(and(publicWhere(kind, at), or(like(t.featuredImage, ref), like(t.socialImage, ref), like(t.content, ref))))
        .limit(1),
    ),
  );
  return shown.some((rows) => rows.length > 0);
}

/** Deletes an upload; false when there was none. Items that still link to it show a broken image. */
export async function deleteUpload(id: string): Promise<boolean> {
  if (!isUploadId(id)) return false;
  const deleted = await getDb().delete(uploads).where(eq(uploads.id, id)).returning({ id: uploads.id });
  return deleted.length > 0;
}

/**
 * A page of the uploaded images, newest first (the editor's media list): their facts, never their
 * bytes. Read through the (created_at, id) index, one row past the limit to know whether more follow.
 */
export async function listUploads({ limit, before }: UploadListQuery): Promise<UploadList> {
  const at = before && new Date(before.at);
  const rows = await getDb()
    .select({
      id: uploads.id,
      mimeType: uploads.mimeType,
      size: uploads.size,
      width: uploads.width,
      height: uploads.height,
      createdAt: uploads.createdAt,
    })
    .from(uploads)
    .where(before && at ? or(lt(uploads.createdAt, at), and(eq(uploads.createdAt, at), lt(uploads.id, before.id))) : undefined)
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(limit + 1);
  return pageOf(
    rows.map((r) => ({ ...r, url: uploadUrl(r.id), createdAt: r.createdAt.toISOString() })),
    limit,
  );
}
