import { notFound } from './errors';

/** The `[id]` of a content route: a positive integer; anything else is an unknown item (404). */
export function parseId(raw: string | undefined, what: string): number {
  const id = Number(raw);
  if (!raw || !/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw notFound(what);
  return id;
}
