/**
 * Response bodies read with a size cap (a 200 MB DefiLlama answer was once read whole, 3.4 GB
 * in memory). The body is streamed and the read stops, with a clear error, as soon as it passes the
 * cap; a Content-Length above the cap is refused before reading anything.
 */

import { readStreamCapped, refuseDeclared } from '#lib/server/http/capped-stream.ts';
import { jsonBudgetProblem } from './outside-json.ts';

/** 20 MB: DefiLlama's largest stablecoin history is about 6 MB, a JSON-RPC page of 10,000 logs about 10 MB. */
const MAX_BODY_BYTES = 20 * 1024 * 1024;

export class BodyTooLargeError extends Error {}

/**
 * The body as text, or a BodyTooLargeError once more than `max` bytes arrived. `what` names the
 * request in the error, as it may be shown (endpointLabel): never the URL asked, which may carry a key.
 */
export async function readCapped(res: Response, what: string, max = MAX_BODY_BYTES): Promise<string> {
  await refuseDeclared(res, max, (declared) => new BodyTooLargeError(`${what}: answer of ${declared} bytes exceeds the ${max}-byte cap`));
  const bytes = await readStreamCapped(res.body, max, () => new BodyTooLargeError(`${what}: answer exceeds the ${max}-byte cap`));
  return new TextDecoder().decode(bytes);
}

/**
 * A fetch whose answers are capped: the body is read (capped) and handed on as a new Response, so
 * a client library (viem's HTTP transport) never holds more than the cap.
 */
export function cappedFetch(max = MAX_BODY_BYTES): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    const text = await readCapped(res, 'JSON-RPC', max);
    // The client parses it next: an answer nested past the budget never reaches JSON.parse (outside-json.ts).
    const tooDeep = jsonBudgetProblem(text);
    if (tooDeep) throw new BodyTooLargeError(`JSON-RPC: ${tooDeep}`);
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
