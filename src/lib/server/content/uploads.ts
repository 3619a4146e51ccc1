import { eq } from 'drizzle-orm';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { uploads } from '@db/schema';
import type { UploadedImage } from '@/lib/shared/content-types';
import { getDb } from '../db';
import { HttpError } from '../http';
import { sniffImage } from './image-sniff';

/** Spec section 9: images up to 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Beyond this the image is refused however small the file: a decompression bomb for whoever decodes it. */
export const MAX_UPLOAD_PIXELS = 40_000_000;

export const uploadUrl = (id: string) => `/api/uploads/${id}`;

/** Checks the bytes and stores the image; 415 for anything but JPEG/PNG/WebP/GIF, 413 past the limits. */
export async function saveUpload(bytes: Uint8Array): Promise<UploadedImage> {
  if (bytes.byteLength === 0) throw new HttpError(400, 'The file is empty.');
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new HttpError(413, 'Please select an image smaller than 5MB');
  const info = sniffImage(bytes);
  if (!info) throw new HttpError(415, 'Only JPEG, PNG, WebP and GIF images can be uploaded.');
  if (info.width < 1 || info.height < 1) throw new HttpError(415, 'The image has no readable dimensions.');
  if (info.width * info.height > MAX_UPLOAD_PIXELS) {
    throw new HttpError(413, `The image is ${info.width}x${info.height}; at most 40 megapixels are accepted.`);
  }
  const id = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(16)));
  await getDb()
    .insert(uploads)
    .values({ id, mimeType: info.mimeType, size: bytes.byteLength, width: info.width, height: info.height, data: Buffer.from(bytes), createdAt: new Date() });
  return { id, url: uploadUrl(id), mimeType: info.mimeType, size: bytes.byteLength, width: info.width, height: info.height };
}

/** The stored bytes and their type, or null for an unknown id. */
export async function getUpload(id: string): Promise<{ mimeType: string; data: Buffer } | null> {
  if (!/^[a-z2-7]{20,40}$/.test(id)) return null;
  const [row] = await getDb().select({ mimeType: uploads.mimeType, data: uploads.data }).from(uploads).where(eq(uploads.id, id)).limit(1);
  return row ?? null;
}
