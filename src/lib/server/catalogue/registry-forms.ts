/**
 * The registry's view of the chain families: each family's address and account forms, by its
 * declaration in the catalogue (catalogue/families.ts), so that an entry for any family is checked
 * as strictly as an EVM one (a typo in an address is a wrong figure on the site).
 */
import { familyById, families } from './families.ts';

/** A declared family's id ('evm', 'solana', ...). */
export type ChainFamily = string;

export const isFamily = (id: string): boolean => familyById(id) !== undefined;

/** The declared families' ids, in words, for a message. */
export const familyIds = (): string =>
  families()
    .map((f) => `"${f.id}"`)
    .join(', ');

/** What a family's address looks like, in words: the message a wrong one gets. */
export const addressForm = (family: ChainFamily): string => familyById(family)?.addressForm ?? `is of no declared family`;

/** The form of a plain account (an excluded wallet) of a family. */
export const accountForm = (family: ChainFamily): string => familyById(family)?.accountForm ?? `is of no declared family`;

/** The address in its canonical spelling (hex lowercased), or null when it is not of the family's form. */
export const normalizeAddress = (family: ChainFamily, address: string): string | null =>
  familyById(family)?.normalizeAddress(address) ?? null;

/** An account that holds a token (an excluded wallet), canonical, or null. */
export const normalizeAccount = (family: ChainFamily, account: string): string | null =>
  familyById(family)?.normalizeAccount(account) ?? null;

/**
 * A registry key that is also a property of every JavaScript object ("constructor", "toString",
 * "__proto__"...) would make `key in chains` true for a chain that is not there, and
 * `chains[key]` answer a built-in function: such names are refused outright.
 */
export function isReservedKey(key: string): boolean {
  return key in Object.prototype || key === '__proto__';
}
