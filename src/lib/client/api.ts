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

  private parsed(): { message?: unknown; issues?: unknown } {
    try {
      return (JSON.parse(this.body) as { message?: unknown; issues?: unknown } | null) ?? {};
    } catch {
      return {};
    }
  }

  /** The server's own `message`, when the body is the standard { message } error shape. */
  get serverMessage(): string | undefined {
    const { message } = this.parsed();
    return typeof message === 'string' ? message : undefined;
  }

  /** The server's messages per field (`issues` of the { message, issues } error shape), if any. */
  get serverIssues(): Record<string, string[]> | undefined {
    const { issues } = this.parsed();
    return issues && typeof issues === 'object' ? (issues as Record<string, string[]>) : undefined;
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
