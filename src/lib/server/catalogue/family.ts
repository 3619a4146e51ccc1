/**
 * What a chain family declares, in one place (README.md beside this file): the forms of its
 * addresses and accounts, how its reader reads supply and holders (the method text), how a figure
 * it read is asked again (the receipt's command, what it answers, the ledger it names), the icon of
 * its network, and whether its reader can read a past day. The ingest's reader of the family
 * registers against its id; the site's pages and API read the declaration.
 */

/** The fields of a published observation a receipt reads. */
export interface ApiRead {
  source: string;
  contract: string | null;
  supply: string;
  price: number | null;
  value: number | null;
  blockNumber: number | null;
  blockTime: string | null;
  apiUrl: string | null;
  fetchedAt: string;
}

/** Where a read was made: the chain's family, the endpoint a command names, the wallets excluded from supply. */
export interface ReadContext {
  family: string | null;
  endpoint: string;
  excluded: string[];
}

/** The public call that asks again, what it answers with, and the ledger's word (slot, ledger...) when it names one. */
export interface AskAgain {
  command: string;
  answers: string;
  ledger: string | null;
}

export interface FamilyDeclaration {
  /** The registry's `family` of a chain ('solana'), and the reader's source name. */
  id: string;
  /** Its name in a statement of method ('Solana', 'the XRP Ledger'). */
  name: string;
  /** What a wrong token address gets told: the form it must have. */
  addressForm: string;
  /** The form of a plain account (an excluded wallet). */
  accountForm: string;
  /** The address in its canonical spelling, or null when it is not of the form. */
  normalizeAddress(address: string): string | null;
  /** An account in its canonical spelling, or null. */
  normalizeAccount(account: string): string | null;
  /** How the family's reader reads supply, and what it gives for holders (the statements of method). */
  method: { supply: string; holders: string };
  /**
   * The receipt of a figure read from the family's node: who answered ("a Solana node"), and the
   * call that asks again; null for a family whose reads keep every raw answer (EVM's eth_call receipts).
   */
  receipt: { by: string; askAgain(o: ApiRead, c: ReadContext): AskAgain | null } | null;
  /** The icon of the family's network (public/icons/networks/...), or null when its chains have their own. */
  icon: string | null;
  /** Whether its reader can read a past day's close (an archive of state), or only the current state. */
  readsPastDay: boolean;
}

const REQUIRED: Array<keyof FamilyDeclaration> = [
  'id',
  'name',
  'addressForm',
  'accountForm',
  'normalizeAddress',
  'normalizeAccount',
  'method',
  'receipt',
  'icon',
  'readsPastDay',
];

/** What a declaration leaves out or gets wrong, in words (empty when it is complete). */
export function declarationProblems(d: Partial<FamilyDeclaration>): string[] {
  const out = REQUIRED.filter((k) => !(k in d) || d[k] === undefined).map((k) => `no ${k}`);
  if (d.id !== undefined && !/^[a-z][a-z0-9-]{1,30}$/.test(d.id)) out.push(`id "${d.id}" is not a lowercase name`);
  for (const k of ['name', 'addressForm', 'accountForm'] as const) if (d[k] !== undefined && !d[k].trim()) out.push(`an empty ${k}`);
  if (d.method && (!d.method.supply?.trim() || !d.method.holders?.trim())) out.push('a method without its supply or holders text');
  if (d.icon && !/^\/icons\/networks\/[a-z0-9-]+\.svg$/.test(d.icon)) out.push(`icon "${d.icon}" is not under /icons/networks/`);
  return out;
}
