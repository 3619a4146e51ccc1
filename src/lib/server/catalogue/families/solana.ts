/** The Solana family: token supply by JSON-RPC at the latest slot. */
import { postCommand } from '#lib/shared/receipts.ts';
import { BASE58 } from '../addresses.ts';
import type { FamilyDeclaration } from '../family.ts';

export const solana: FamilyDeclaration = {
  id: 'solana',
  name: 'Solana',
  addressForm: 'must be a base58 Solana address (32-44 characters)',
  accountForm: 'must be a base58 Solana token account (32-44 characters)',
  normalizeAddress: (a) => (BASE58.test(a) ? a : null),
  normalizeAccount: (a) => (BASE58.test(a) ? a : null),
  method: {
    supply: 'getTokenSupply (finalized) − the excluded token accounts, read after the close at the slot given',
    holders: 'not counted (the only RPC way, getProgramAccounts, is closed on public endpoints): unavailable',
  },
  receipt: {
    by: 'a Solana node',
    askAgain: (o, c) => ({
      command: postCommand(c.endpoint, { jsonrpc: '2.0', id: 1, method: 'getTokenSupply', params: [o.contract ?? ''] }),
      answers: "today's supply: a Solana node answers getTokenSupply at its latest slot only",
      ledger: 'slot',
    }),
  },
  icon: '/icons/networks/solana.svg',
  readsPastDay: false,
};
