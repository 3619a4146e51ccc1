import type { OutgoingHttpHeaders } from 'node:http';

/**
 * Whether writeHead's own arguments ([statusMessage], [headers]) name a header. Node takes the headers
 * as an object, a flat [name, value, ...] array, or an array of [name, value] pairs.
 */
export function writeHeadSets(rest: unknown[], name: string): boolean {
  return name.toLowerCase() in writeHeadHeaders(rest);
}

/** writeHead's headers argument, in whichever form Node took it, as one object keyed by lower-case name. */
export function writeHeadHeaders(rest: unknown[]): OutgoingHttpHeaders {
  const headers: unknown = typeof rest[0] === 'string' ? rest[1] : rest[0];
  const out: OutgoingHttpHeaders = {};
  if (Array.isArray(headers)) {
    const list = headers as unknown[];
    if (list.every(Array.isArray))
      for (const [key, value] of list as [unknown, OutgoingHttpHeaders[string]][]) out[String(key).toLowerCase()] = value;
    else for (let i = 0; i + 1 < list.length; i += 2) out[String(list[i]).toLowerCase()] = list[i + 1] as OutgoingHttpHeaders[string];
  } else if (headers && typeof headers === 'object') {
    for (const [key, value] of Object.entries(headers)) out[key.toLowerCase()] = value as OutgoingHttpHeaders[string];
  }
  return out;
}
