/**
 * Chain families and the address form each one uses, so that a registry entry for Solana,
 * Stellar, Aptos or the XRP Ledger is checked as strictly as an EVM one (a typo in an address is
 * a wrong figure on the site). Pure functions: the registry loader calls them, readers use the
 * parsers to split an address into its parts.
 */

export const CHAIN_FAMILIES = ['evm', 'solana', 'stellar', 'aptos', 'xrpl'] as const;
export type ChainFamily = (typeof CHAIN_FAMILIES)[number];

/** What a family's address looks like, in words: the message a wrong one gets. */
export const ADDRESS_FORMS: Record<ChainFamily, string> = {
  evm: 'must be a 0x-prefixed 20-byte hex address',
  solana: 'must be a base58 Solana address (32-44 characters)',
  stellar: 'must be a Stellar asset "CODE:G..." (1-12 letters or digits, then the 56-character issuer) or a Soroban contract "C..."',
  aptos: 'must be an Aptos fungible-asset metadata address "0x" + up to 64 hex digits, or a coin type "0x...::module::Struct"',
  xrpl: 'must be an XRP Ledger token "CURRENCY.rIssuer" (a 3-character or 40-hex currency code, then the issuer account)',
};

/** The form of a plain account (an excluded wallet) per family. */
export const ACCOUNT_FORMS: Record<ChainFamily, string> = {
  evm: ADDRESS_FORMS.evm,
  solana: 'must be a base58 Solana token account (32-44 characters)',
  stellar: 'must be a Stellar account "G..." (56 characters)',
  aptos: 'must be an Aptos account "0x" + up to 64 hex digits',
  xrpl: 'must be an XRP Ledger account "r..."',
};

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** The XRP Ledger's own base58 alphabet (it differs from Bitcoin's). */
const XRPL_ACCOUNT = /^r[rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz]{24,34}$/;
const APTOS_ADDRESS = /^0x[0-9a-fA-F]{1,64}$/;
const APTOS_COIN = /^(0x[0-9a-fA-F]{1,64})::([A-Za-z_][A-Za-z0-9_]*)::([A-Za-z_][A-Za-z0-9_]*)$/;
const STELLAR_CODE = /^[A-Za-z0-9]{1,12}$/;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** CRC16-XModem, the checksum at the end of every Stellar StrKey. */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * A Stellar StrKey (SEP-23) of the given kind: "G" account or "C" contract, 56 characters of
 * base32 that decode to a version byte, 32 bytes and a CRC16 checksum. The checksum catches a
 * mistyped character, which a pattern alone would let through.
 */
export function isStrKey(s: string, kind: 'G' | 'C'): boolean {
  if (s.length !== 56 || s[0] !== kind) return false;
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of s) {
    const v = BASE32.indexOf(ch);
    if (v < 0) return false;
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >> bits) & 0xff);
    }
  }
  if (out.length !== 35) return false;
  const version = kind === 'G' ? 6 << 3 : 2 << 3;
  if (out[0] !== version) return false;
  const sum = crc16(Uint8Array.from(out.slice(0, 33)));
  return out[33] === (sum & 0xff) && out[34] === sum >> 8;
}

export type StellarToken = { kind: 'asset'; code: string; issuer: string } | { kind: 'contract'; contract: string };
export type AptosToken = { kind: 'fungible-asset'; metadata: string } | { kind: 'coin'; coinType: string };
export interface XrplToken {
  currency: string;
  issuer: string;
}

export function parseStellar(address: string): StellarToken | null {
  if (isStrKey(address, 'C')) return { kind: 'contract', contract: address };
  const m = /^([^:]+):(.+)$/.exec(address);
  if (!m || !STELLAR_CODE.test(m[1]) || !isStrKey(m[2], 'G')) return null;
  return { kind: 'asset', code: m[1], issuer: m[2] };
}

export function parseAptos(address: string): AptosToken | null {
  if (APTOS_ADDRESS.test(address)) return { kind: 'fungible-asset', metadata: address.toLowerCase() };
  const m = APTOS_COIN.exec(address);
  if (!m) return null;
  return { kind: 'coin', coinType: `${m[1].toLowerCase()}::${m[2]}::${m[3]}` };
}

/** A 40-hex code must not start with 0x00 (that prefix is reserved for standard codes); "XRP" is the native asset, not a token. */
function isXrplCurrency(c: string): boolean {
  if (/^[0-9A-F]{40}$/.test(c)) return !c.startsWith('00');
  return /^[A-Za-z0-9?!@#$%^&*<>(){}[\]|]{3}$/.test(c) && c.toUpperCase() !== 'XRP';
}

export function parseXrpl(address: string): XrplToken | null {
  const i = address.lastIndexOf('.');
  if (i < 0) return null;
  const currency = address.slice(0, i);
  const issuer = address.slice(i + 1);
  if (!isXrplCurrency(currency) || !XRPL_ACCOUNT.test(issuer)) return null;
  return { currency, issuer };
}

/** The address in its canonical spelling (hex lowercased), or null when it is not of the family's form. */
export function normalizeAddress(family: ChainFamily, address: string): string | null {
  switch (family) {
    case 'evm':
      return /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : null;
    case 'solana':
      return BASE58.test(address) ? address : null;
    case 'stellar':
      return parseStellar(address) ? address : null;
    case 'aptos': {
      const t = parseAptos(address);
      return t ? (t.kind === 'coin' ? t.coinType : t.metadata) : null;
    }
    case 'xrpl':
      return parseXrpl(address) ? address : null;
  }
}

/** An account that holds a token (an excluded wallet), canonical, or null. */
export function normalizeAccount(family: ChainFamily, account: string): string | null {
  switch (family) {
    case 'evm':
      return normalizeAddress('evm', account);
    case 'solana':
      return BASE58.test(account) ? account : null;
    case 'stellar':
      return isStrKey(account, 'G') ? account : null;
    case 'aptos':
      return APTOS_ADDRESS.test(account) ? account.toLowerCase() : null;
    case 'xrpl':
      return XRPL_ACCOUNT.test(account) ? account : null;
  }
}

/**
 * A registry key that is also a property of every JavaScript object ("constructor", "toString",
 * "__proto__"...) would make `key in chains` true for a chain that is not there, and
 * `chains[key]` answer a built-in function: such names are refused outright.
 */
export function isReservedKey(key: string): boolean {
  return key in Object.prototype || key === '__proto__';
}
