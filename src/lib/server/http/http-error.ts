/**
 * An error with the HTTP status and message the client should see. Thrown deep, converted at the edge
 * (handle.ts, which re-exports it). Its own module so that what throws one at a server's start (the
 * content values, the database's contention, the webhooks) does not load the handlers, the cache
 * policy and the route parameters with it.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly issues?: Record<string, string[]>;
  readonly headers?: Record<string, string>;
  constructor(status: number, message: string, issues?: Record<string, string[]>, headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.issues = issues;
    this.headers = headers;
  }
}
