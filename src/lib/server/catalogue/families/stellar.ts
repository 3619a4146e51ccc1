/** The Stellar family: classic assets from Horizon's asset records, Soroban contracts by their balance. */
import { apiCommand } from '#lib/shared/receipts.ts';
import { isStrKey, parseStellar } from '../addresses.ts';
import type { FamilyDeclaration } from '../family.ts';

export const stellar: FamilyDeclaration = {
  id: 'stellar',
  name: 'Stellar',
  addressForm: 'must be a Stellar asset "CODE:G..." (1-12 letters or digits, then the 56-character issuer) or a Soroban contract "C..."',
  accountForm: 'must be a Stellar account "G..." (56 characters)',
  normalizeAddress: (a) => (parseStellar(a) ? a : null),
  normalizeAccount: (a) => (isStrKey(a, 'G') ? a : null),
  method: {
    supply:
      'Horizon asset record: balances + claimable balances + liquidity pools + contracts − the excluded accounts, read after the close at the ledger given',
    holders: 'Horizon’s count of authorized trustlines, which can hold zero (an upper bound), less excluded accounts holding some',
  },
  receipt: {
    by: 'a Stellar Horizon server',
    askAgain(o, c) {
      const token = parseStellar(o.contract ?? '');
      if (!token || token.kind !== 'asset') return null;
      const q = `/assets?asset_code=${encodeURIComponent(token.code)}&asset_issuer=${encodeURIComponent(token.issuer)}`;
      return {
        command: apiCommand(c.endpoint + q),
        answers: "today's amounts: Horizon answers for its latest ledger only",
        ledger: 'ledger',
      };
    },
  },
  icon: '/icons/networks/stellar.svg',
  readsPastDay: false,
};
