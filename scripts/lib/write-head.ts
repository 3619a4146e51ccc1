/**
 * Whether writeHead's own arguments ([statusMessage], [headers]) name a header. Node takes the headers
 * as an object, a flat [name, value, ...] array, or an array of [name, value] pairs.
 */
export function writeHeadSets(rest: unknown[], name: string): boolean {
  const headers = typeof rest[0] === 'string' ? rest[1] : rest[0];
  const wanted = name.toLowerCase();
  if (Array.isArray(headers)) {
    if (headers.every(Array.isArray)) return headers.some(([key]) => String(key).toLowerCase() === wanted);
    return headers.some((key, i) => i % 2 === 0 && String(key).toLowerCase() === wanted);
  }
  if (headers && typeof headers === 'object') return Object.keys(headers).some((key) => key.toLowerCase() === wanted);
  return false;
}
