/** The XRP Ledger family: an issuer's obligations by gateway_balances on a validated ledger. */
import { postCommand } from '#lib/shared/receipts.ts';
import { parseXrpl, XRPL_ACCOUNT } from '../addresses.ts';
import type { FamilyDeclaration } from '../family.ts';

export const xrpl: FamilyDeclaration = {
  id: 'xrpl',
  name: 'the XRP Ledger',
  addressForm: 'must be an XRP Ledger token "CURRENCY.rIssuer" (a 3-character or 40-hex currency code, then the issuer account)',
  accountForm: 'must be an XRP Ledger account "r..."',
  normalizeAddress: (a) => (parseXrpl(a) ? a : null),
  normalizeAccount: (a) => (XRPL_ACCOUNT.test(a) ? a : null),
  method: {
    supply:
      'gateway_balances obligations + frozen balances on a validated ledger read after the close, the excluded wallets as hot wallets',
    holders: 'not counted: unavailable',
  },
  receipt: {
    by: 'an XRP Ledger server',
    askAgain(o, c) {
      const token = parseXrpl(o.contract ?? '');
      if (!token) return null;
      const at = o.blockNumber;
      const params = {
        account: token.issuer,
        ledger_index: at ?? 'validated',
        strict: true,
        ...(c.excluded.length && { hotwallet: c.excluded }),
      };
      return {
        command: postCommand(c.endpoint, { method: 'gateway_balances', params: [params] }),
        answers: `the issuer's obligations at ledger ${at ?? 'validated'} (a full-history server answers for a past ledger), the excluded wallets as hot wallets`,
        ledger: 'ledger',
      };
    },
  },
  // No network icon is shipped for the XRP Ledger.
  icon: null,
  readsPastDay: false,
};
