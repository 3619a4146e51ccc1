import { z } from 'zod';
import { CACHE } from '#lib/server/cache/policy.ts';
import { readStreamCapped } from './capped-stream.ts';
import { HttpError } from './http-error.ts';

/** JSON response with the given status; API responses are never cached unless the caller says so. */
export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', CACHE.none.control);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** The one error shape clients ever see: { message, issues? }. Unexpected errors are logged, never shown. */
function toErrorResponse(err: unknown): Response {
  if (err instanceof HttpError) {
    return json({ message: err.message, ...(err.issues ? { issues: err.issues } : {}) }, { status: err.status, headers: err.headers });
  }
  console.error(err);
  return json({ message: 'Something went wrong on our side. Please try again.' }, { status: 500 });
}

/** Wraps an endpoint so every thrown error becomes the standard error response. */
export function handle<C>(fn: (ctx: C) => Promise<Response> | Response) {
  return async (ctx: C): Promise<Response> => {
    try {
      return await fn(ctx);
    } catch (err) {
      return toErrorResponse(err);
    }
  };
}

const DEFAULT_BODY_LIMIT = 256 * 1024;

/** Reads a JSON body: 415 unless JSON, 413 past the limit, 400 when it does not parse. */
async function readJson(request: Request, limit = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new HttpError(415, 'Send the body as JSON (Content-Type: application/json).');
  }
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new HttpError(413, `The body is larger than ${limit} bytes.`);
  const bytes = await readLimited(request, limit);
  let hasNul = false;
  let data: unknown;
  try {
    // libSQL cuts a bound string at its first NUL ("a\u0000b" would be stored as "a"): refuse NULs
    // anywhere (keys or values) rather than store text other than what was sent.
    data = JSON.parse(new TextDecoder('utf-8', { fatal: false }).decode(bytes), (key, value: unknown) => {
      if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) hasNul = true;
      return value;
    });
  } catch {
    throw new HttpError(400, 'The body is not valid JSON.');
  }
  if (hasNul) throw new HttpError(400, 'Text may not contain NUL characters (\\u0000).');
  return data;
}

/** Reads at most `limit` bytes of a body, throwing 413 beyond that without buffering the rest. */
export function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  return readStreamCapped(request.body, limit, () => new HttpError(413, `The body is larger than ${limit} bytes.`));
}

/** Validates data with a zod schema: 400 with the problems listed per field. */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const flat = z.flattenError(result.error);
    const issues: Record<string, string[]> = { ...(flat.fieldErrors as Record<string, string[]>) };
    if (flat.formErrors.length) issues._ = flat.formErrors;
    throw new HttpError(400, 'Some fields are invalid: ' + Object.keys(issues).join(', '), issues);
  }
  return result.data;
}

/** Reads and validates a JSON body in one step. */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S, limit?: number): Promise<z.output<S>> {
  return validate(schema, await readJson(request, limit));
}
