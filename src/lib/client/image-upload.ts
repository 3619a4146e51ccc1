import type { UploadedImage } from '#lib/shared/content-types.ts';
import { ApiError, apiRequest } from './api.ts';
import type { UploadList } from '#lib/shared/upload-list.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from '#lib/shared/upload-rules.ts';

/** Spec section 9: at most 5MB (upload-rules.ts), 1200 px wide, JPEG at 0.8. */
const MAX_IMAGE_WIDTH = 1200;
const JPEG_QUALITY = 0.8;

/** The spec's check of a chosen file, as a toast (title, description), or null when it may be uploaded. */
export function checkImageFile(file: File): { title: string; description: string } | null {
  if (!file.type.startsWith('image/')) return { title: 'Invalid File', description: 'Please select an image file' };
  if (file.size > MAX_UPLOAD_BYTES) return { title: 'File Too Large', description: UPLOAD_TOO_LARGE };
  return null;
}

/** Resizes to at most 1200 px wide and re-encodes as JPEG 0.8 in a canvas; the raw file if anything fails. */
export async function resizeImage(file: File): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_IMAGE_WIDTH / bitmap.width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    // JPEG has no transparency: paint a white ground so transparent PNG areas do not turn black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((ok) => canvas.toBlob(ok, 'image/jpeg', JPEG_QUALITY));
    if (!blob) throw new Error('encoding failed');
    return blob;
  } catch {
    return file;
  }
}

/** Sends the image bytes to the server, which checks them and answers the stored image's URL. */
export async function uploadImage(blob: Blob): Promise<UploadedImage> {
  const res = await fetch('/api/uploads', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': blob.type || 'application/octet-stream' },
    body: blob,
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  return (await res.json()) as UploadedImage;
}

/** A page of the uploaded images, newest first; `before` is the `next` of the page shown last. */
export async function listUploads(before: string | null): Promise<UploadList> {
  const res = await apiRequest('GET', '/api/uploads' + (before ? `?before=${encodeURIComponent(before)}` : ''));
  return (await res.json()) as UploadList;
}
