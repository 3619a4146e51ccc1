/** The EVM family: every chain that answers eth_call (Ethereum, its L2s, the EVM sidechains). */
import type { FamilyDeclaration } from '../family.ts';

/** The balance below which an address is not counted as a holder, unless the registry says otherwise (whole tokens). */
export const DEFAULT_HOLDER_DUST = '0.01';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const normalize = (a: string) => (EVM_ADDRESS.test(a) ? a.toLowerCase() : null);

export const evm: FamilyDeclaration = {
  id: 'evm',
  name: 'EVM chains',
  addressForm: 'must be a 0x-prefixed 20-byte hex address',
  accountForm: 'must be a 0x-prefixed 20-byte hex address',
  normalizeAddress: normalize,
  normalizeAccount: normalize,
  method: {
    supply: 'totalSupply() at the closing block − the excluded wallets’ balances at that block (one multicall)',
    holders: `addresses above the asset’s dust (holderDust, default ${DEFAULT_HOLDER_DUST} token), rebuilt from every Transfer log since the deployment block, excluded wallets left out; one address on two EVM chains counts once`,
  },
  // Every read keeps each eth_call's raw answer: its receipt is the calls themselves (receipts.ts of the ingest).
  receipt: null,
  // Each EVM chain has its own icon (by its name), none for the family.
  icon: null,
  // eth_call at a past block, on a node that keeps that state (an archive node).
  readsPastDay: true,
};
