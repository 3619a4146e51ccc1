/**
 * The one way islands call the API (spec section 7): cookies always sent, JSON content type and
 * body only when a body is given, and any non-success answer raised as "status: body text"
 * (or "status: statusText" when the body is empty).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body;
  }

  /** The server's own `message`, when the body is the standard { message } error shape. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
}

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  return res;
}

/** GET a query key's path (segments joined by '/') and read it as JSON. */
export async function getJson<T>(...segments: string[]): Promise<T> {
  const res = await apiRequest('GET', segments.join('/'));
  return (await res.json()) as T;
}

/** Turns anything thrown into a message fit for a person. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}
