/** The Aptos family: fungible-asset or coin supply by view functions pinned to one ledger version. */
import { postCommand } from '#lib/shared/receipts.ts';
import { APTOS_ADDRESS, parseAptos } from '../addresses.ts';
import type { FamilyDeclaration } from '../family.ts';

export const aptos: FamilyDeclaration = {
  id: 'aptos',
  name: 'Aptos',
  addressForm: 'must be an Aptos fungible-asset metadata address "0x" + up to 64 hex digits, or a coin type "0x...::module::Struct"',
  accountForm: 'must be an Aptos account "0x" + up to 64 hex digits',
  normalizeAddress(a) {
    const t = parseAptos(a);
    return t ? (t.kind === 'coin' ? t.coinType : t.metadata) : null;
  },
  normalizeAccount: (a) => (APTOS_ADDRESS.test(a) ? a.toLowerCase() : null),
  method: {
    supply: 'fungible-asset or coin supply − the excluded balances, by view functions pinned to one ledger version read after the close',
    holders: 'not counted (no endpoint gives them): unavailable',
  },
  receipt: {
    by: 'an Aptos node',
    askAgain(o, c) {
      const token = parseAptos(o.contract ?? '');
      if (!token) return null;
      const at = o.blockNumber;
      const [mod, typeArgs, args] =
        token.kind === 'coin'
          ? ['0x1::coin', [token.coinType], []]
          : ['0x1::fungible_asset', ['0x1::fungible_asset::Metadata'], [token.metadata]];
      return {
        command: postCommand(`${c.endpoint}/view${at === null ? '' : `?ledger_version=${at}`}`, {
          function: `${mod}::supply`,
          type_arguments: typeArgs,
          arguments: args,
        }),
        answers: `the supply at ledger version ${at ?? 'latest'} in base units (a node that still keeps that version answers)`,
        ledger: 'ledger version',
      };
    },
  },
  icon: '/icons/networks/aptos.svg',
  readsPastDay: false,
};
