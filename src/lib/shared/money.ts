/**
 * Money in the public API has one type: dollars as a decimal string, as the product spec has it for
 * the assets' `marketCap` and the networks' `totalValue` ("numeric string, dollars"). The endpoints
 * the spec does not name follow it; the spec's own fields stay as the spec has them (a transfer's
 * `usdAmount` is a number there). Pages keep numbers: the string is made where an answer leaves.
 */
import { plainNumber } from './csv.ts';

/** Full precision, float noise past 12 decimals trimmed, never an exponent: 150123456.78 -> '150123456.78'. */
export const moneyString = (n: number): string => plainNumber(Number(n.toFixed(12)));

type WithMoney<T, K extends keyof T> = Omit<T, K> & { [P in K]: string | Exclude<T[P], number> };

/**
 * What withMoney undoes, as a type: an answer's type with the named fields as the numbers a page
 * computes with. A page model that the API converts at its edge is its answer's type this way.
 */
export type WithNumbers<T, K extends keyof T> = Omit<T, K> & { [P in K]: number | Exclude<T[P], string> };

/** The record with the named fields as money strings (null and absent stay as they are). */
export function withMoney<T extends object, K extends keyof T>(record: T, keys: readonly K[]): WithMoney<T, K> {
  const out = { ...record } as Record<string, unknown>;
  for (const key of keys) {
    const value = out[key as string];
    if (typeof value === 'number') out[key as string] = moneyString(value);
  }
  return out as WithMoney<T, K>;
}
