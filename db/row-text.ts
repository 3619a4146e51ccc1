import type { Value } from '@libsql/client';

/**
 * A libSQL cell read as text. Names, hashes and pragma answers are TEXT columns; a blob there would
 * be a broken database, not a string to print as "[object ArrayBuffer]".
 */
export function rowText(value: Value | undefined): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
  if (value === null || value === undefined) return '';
  throw new TypeError('expected a text cell, got a blob');
}
