import { readLimited } from '#lib/server/http/handle.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from '#lib/shared/upload-rules.ts';

/** Room for the multipart boundaries and part headers around a file at the limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The uploaded file's bytes, from a multipart form (field `file`) or a raw body. Reading stops past
 * the limit (413) without buffering the rest; the declared type is ignored, the bytes decide.
 */
export async function readUploadBody(request: Request): Promise<Uint8Array> {
  const type = request.headers.get('content-type') ?? '';
  const multipart = /^multipart\/form-data/i.test(type);
  const limit = MAX_UPLOAD_BYTES + (multipart ? MULTIPART_OVERHEAD : 0);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new HttpError(413, UPLOAD_TOO_LARGE);
  const bytes = await readLimited(request, limit).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 413) throw new HttpError(413, UPLOAD_TOO_LARGE);
    throw err;
  });
  if (!multipart) return bytes;
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, 'The form data could not be read.');
  }
  const file = form.get('file');
  if (!(file instanceof Blob)) throw new HttpError(400, 'Send the image in a form field named "file".', { file: ['Required'] });
  return new Uint8Array(await file.arrayBuffer());
}
