/**
 * The address forms of the non-EVM families, so that a registry entry for Solana, Stellar, Aptos
 * or the XRP Ledger is checked as strictly as an EVM one (a typo in an address is a wrong figure on
 * the site), and split into its parts by the readers and the receipts. Pure.
 */

export const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** The XRP Ledger's own base58 alphabet (it differs from Bitcoin's). */
export const XRPL_ACCOUNT = /^r[rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz]{24,34}$/;
export const APTOS_ADDRESS = /^0x[0-9a-fA-F]{1,64}$/;
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
