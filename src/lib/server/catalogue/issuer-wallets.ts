/**
 * Wallets that issuers publish as holding unissued supply (a treasury, "unreleased" tokens, a
 * subscription operator's float): balances there are not in circulation, so an asset of that
 * issuer deployed on that chain must leave them out (its deployment's excludeHolders). The
 * registry's validation refuses an entry that does not: XAUt counted Tether's
 * treasury as circulating while USDT left it out.
 *
 * Each wallet carries the public source that names it. An issuer with none published is not
 * listed here; an entry may say so itself (`treasury: { published: "none", source }`).
 */

interface PublishedWallet {
  /** The registry's issuer name, exactly. */
  issuer: string;
  /** The registry's chain key. */
  chain: string;
  /** In the chain family's own form (EVM hex is compared in lower case). */
  address: string;
  role: string;
  source: string;
}

const PUBLISHED_ISSUER_WALLETS: readonly PublishedWallet[] = [
  {
    issuer: 'Tether',
    chain: 'ethereum',
    address: '0x5754284f345afc66a98fbb0a0afe71e0f007b949',
    role: 'Tether Treasury (unreleased supply)',
    source:
      'https://github.com/DefiLlama/peggedassets-server/blob/master/src/adapters/peggedAssets/tether/config.ts (unreleased, citing tether.to/en/transparency)',
  },
  {
    issuer: 'OpenEden',
    chain: 'xrpl',
    address: 'rB56JZWRKvpWNeyqM3QYfZwW4fS9YEyPWM',
    role: 'TBILL subscription operator (hot wallet)',
    source: 'https://github.com/DefiLlama/DefiLlama-Adapters/tree/main/projects/openeden-tbill',
  },
];

interface RawAsset {
  issuer?: unknown;
  deployments?: unknown;
  treasury?: unknown;
}

/**
 * One message per published wallet an entry fails to name, with the deployment it belongs to.
 * `same` compares two addresses of a chain (case-insensitive hex on EVM chains, exact elsewhere).
 */
export function unnamedTreasuries(
  asset: RawAsset,
  same: (chain: string, a: string, b: string) => boolean,
): Array<{ deployment: number; message: string }> {
  const out: Array<{ deployment: number; message: string }> = [];
  if (typeof asset.issuer !== 'string' || !Array.isArray(asset.deployments)) return out;
  const saysNone = (asset.treasury as { published?: unknown } | null | undefined)?.published === 'none';
  asset.deployments.forEach((d: { chain?: unknown; excludeHolders?: unknown } | null, j: number) => {
    if (!d || typeof d.chain !== 'string') return;
    const excluded = Array.isArray(d.excludeHolders) ? d.excludeHolders.filter((h): h is string => typeof h === 'string') : [];
    for (const w of PUBLISHED_ISSUER_WALLETS) {
      if (w.issuer !== asset.issuer || w.chain !== d.chain) continue;
      if (excluded.some((h) => same(w.chain, h, w.address))) continue;
      out.push({
        deployment: j,
        message: `${w.issuer} publishes ${w.address} on ${w.chain} as ${w.role} (${w.source}): name it in excludeHolders${
          saysNone ? ' (treasury says "none published", which this source contradicts)' : ''
        }`,
      });
    }
  });
  return out;
}
