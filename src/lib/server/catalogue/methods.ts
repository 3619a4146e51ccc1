/**
 * The statements of method the site makes (/sources, the asset pages), generated from the code's
 * own constants and rules and from the registry, so that they cannot drift from what the ingest
 * does. One module of texts, as DefiLlama's adapters each declare a `methodology`:
 * each source names here how it reads supply and holders (a test checks every source has one),
 * and /sources prints `methodStatements` as they are. A change of rule changes its text here.
 */
import type { IngestConfig } from '#lib/server/config.ts';
import { familyOf, reserveWallets, type Registry, type RegistryAsset } from './registry.ts';
import { families, familyById } from './families.ts';
import { aggregatorById } from './aggregators.ts';
import { YIELD_METHOD } from '#lib/shared/nav-yield.ts';
import {
  CLOSE_RETRY,
  CLOSE_RETRY_AFTER_MIN,
  CLOSE_RETRY_MAX,
  DEFAULT_FEED_MAX_AGE_HOURS,
  DEFAULT_NAV_MAX_BUSINESS_DAYS,
  EARLY_CLOSE,
  KEPT_STATE_MAX_HOURS,
  MIN_HOLDERS_COMPARED,
  PRICE_MOVE_FLAG,
  STALE_MAX_DAYS,
} from './rules.ts';

/**
 * A source's methodology, how it reads supply and what it gives for holders: a chain family's
 * reader by its declaration, an aggregator by its own (the catalogue). Undefined for no source.
 */
export function sourceMethod(source: string): { supply: string; holders: string } | undefined {
  return familyById(source)?.method ?? aggregatorById(source)?.method;
}

const methodOf = (source: string) => sourceMethod(source) ?? { supply: `no method is declared for "${source}"`, holders: 'unknown' };

/** How a deployment's supply is read: by its asset's source, else by its chain's family. */
export function supplyMethodOf(registry: Registry | undefined, asset: Pick<RegistryAsset, 'source'> | undefined, chain: string): string {
  if (asset && asset.source !== 'evm') return methodOf(asset.source).supply;
  return methodOf(registry ? familyOf(registry, chain) : 'evm').supply;
}

/** A source that reverts once stale, said beside its method. */
const refuses = (p: RegistryAsset['price']) =>
  'revertsWhenStale' in p && p.revertsWhenStale
    ? '; it refuses to answer once stale: then valued at its last accepted price, marked stale'
    : '';

/** How an asset is priced, with its staleness bound. */
export function priceMethodOf(p: RegistryAsset['price']): string {
  const at = 'chain' in p ? ` at ${p.address} on ${p.chain}` : '';
  const navBound = `, stale once unchanged for more than ${'maxAgeBusinessDays' in p && p.maxAgeBusinessDays ? p.maxAgeBusinessDays : DEFAULT_NAV_MAX_BUSINESS_DAYS} U.S. business days`;
  switch (p.kind) {
    case 'fixed':
      return `Fixed NAV of $${p.usd} per token (our token list)`;
    case 'feed':
      return `Price feed latestRoundData()${at}${p.quote ? ` times the dollar rate of its currency, feed ${p.quote}` : ''}${p.scale ? ` times ${p.scale.factor} (${p.scale.unit})` : ''}, stale past ${p.maxAgeBusinessDays ? `${p.maxAgeBusinessDays} U.S. business day(s)` : `${p.maxAgeHours ?? DEFAULT_FEED_MAX_AGE_HOURS} h`}${refuses(p)}`;
    case 'call':
      return `NAV ${p.method}()${p.divisor ? ` / ${p.divisor}()` : ''}${at}${p.decimals ? ` (${p.decimals} decimals)` : ''}${navBound}${refuses(p)}`;
    case 'vault':
      return `NAV totalAssets() / totalSupply() of the vault${at}${navBound}`;
    case 'centrifuge':
      return `NAV pricePerShare() of the vault of the share token${at}${navBound}`;
    default:
      return `No price source yet${p.note ? ` (${p.note})` : ''}: the supply is recorded, the value is unknown`;
  }
}

export interface MethodStatement {
  id: string;
  title: string;
  text: string;
}

const list = (xs: string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const pct = (f: number) => `${Number((f * 100).toFixed(2))}%`;

/** Every statement of method /sources makes, from the configured bounds, the code's constants and the registry. */
export function methodStatements(cfg: IngestConfig, registry: Registry | undefined): MethodStatement[] {
  const assets = registry?.assets ?? [];
  const evmDeployments = assets
    .filter((a) => a.source === 'evm')
    .flatMap((a) => a.deployments.filter((d) => familyOf(registry!, d.chain) === 'evm'));
  const excluding = evmDeployments.filter((d) => d.excludeHolders.length > 0).length;
  const escrowed = assets.filter((a) => a.bridge?.model === 'lock-and-mint').map((a) => a.symbol);
  const held = assets.flatMap((a) => reserveWallets(a).map((w) => `${w.holder}’s ${a.symbol} on ${w.chain}`));
  const byShare = assets.flatMap((a) =>
    a.heldByFunds.flatMap((h) => ('share' in h ? [`${h.fund} (${pct(Number(h.share))} ${a.symbol})`] : [])),
  );
  const scaled = assets.flatMap((a) =>
    a.price.kind === 'feed' && a.price.scale ? [`${a.symbol} (${a.price.scale.factor}: ${a.price.scale.unit})`] : [],
  );
  const refusing = assets.filter((a) => 'revertsWhenStale' in a.price && a.price.revertsWhenStale).map((a) => a.symbol);
  const waitMin = Math.round(cfg.closeWait / 60);
  // The families whose readers read today's state only, never a past day's close (their declarations say so).
  const currentOnly = families().filter((f) => !f.readsPastDay);
  return [
    {
      id: 'close',
      title: 'The close',
      text: `A day’s figures are read at its close: on each EVM chain, the last block before 00:00 UTC of the next day, at or below the chain’s ${cfg.headTag} head. That head lags the chain by minutes, so a run waits for it to pass the close, until ${waitMin} min after it; a day read at an earlier block after all is said so (“${EARLY_CLOSE}”) in the run’s record and in the runs listed below, with the time it is ${CLOSE_RETRY} (${CLOSE_RETRY_AFTER_MIN} min later, at most ${CLOSE_RETRY_MAX} reads of a day), when the server’s own schedule (or, on Netlify, the hourly scheduled function) reads it again. A node that no longer keeps the state of the close (a full node keeps its last 128 or so blocks) is read at the oldest later block it keeps, at or below the same head and at most ${KEPT_STATE_MAX_HOURS} h after the close (a day older than that needs an archive node); the run’s record and the figure’s receipt name that block and the close it stands in for (“read at block …, not the close block …”).`,
    },
    {
      id: 'supply',
      title: 'Supply',
      text: `On EVM chains, supply is ${methodOf('evm').supply}. The registry names the excluded wallets per deployment (issuer treasury and unreleased supply, listed in the table below): ${excluding} of the ${evmDeployments.length} EVM deployments have any; the others count their whole totalSupply().`,
    },
    {
      id: 'other-chains',
      title: 'Other chains',
      text: `${capital(list(currentOnly.map((f) => f.name)))} ${currentOnly.length === 1 ? 'is' : 'are'} read from public APIs that give the current state only: the supply is read when the run starts after the close and kept with the ledger or slot and time it was read at, not at 00:00 UTC. ${currentOnly.map((f) => `${capital(f.name)}: ${f.method.supply}.`).join(' ')}`,
    },
    {
      id: 'counted-once',
      title: 'Counted once',
      text: `A burn-and-mint bridge moves supply between chains, counted where it is. A lock-and-mint bridge’s escrows on the home chain are left out of its supply: ${escrowed.length ? `${list(escrowed)} ${escrowed.length === 1 ? 'has' : 'have'} escrows in the registry` : 'no tracked asset has a lock-and-mint escrow in the registry today'}. A reserve wallet of a tracked fund or stablecoin that holds another tracked product is read at the close, its balanceOf() at the block of the held product’s supply and kept in that figure’s receipt: ${held.length ? list(held) : 'none is registered today'}. The held product’s own supply and market cap stay whole; a fund counts in every total only at its value beyond what it holds, and a stablecoin’s holding is netted where the stablecoins and the RWA classes are added together, each total saying by how much. A fund whose documents give the share of another tracked fund it holds, but no wallet, counts in every total only at its value beyond that holding, an estimate, its own market cap staying whole: ${byShare.length ? list(byShare) : 'none is registered today'}.`,
    },
    {
      id: 'value',
      title: 'Value',
      text: `Value is supply times the asset’s price: a fixed NAV from the registry, a Chainlink-style feed’s latestRoundData(), or the issuer’s NAV contract (a view call, an ERC-4626 vault’s totalAssets() / totalSupply(), a Centrifuge vault’s pricePerShare()), read on the price’s chain at that chain’s closing block; every deployment of the asset, on any chain, is valued at that price. A token that is another quantity than the feed’s unit is priced at the feed’s answer times the factor the registry states: ${scaled.length ? list(scaled) : 'none is registered today'}. A zero or negative price is refused (the asset is stale, then unknown).`,
    },
    {
      id: 'fresh',
      title: 'Prices fresh by their rhythm',
      text: `A feed answer older than its bound at the close (default ${DEFAULT_FEED_MAX_AGE_HOURS} h; gold and business-day NAV feeds count U.S. business days, weekends and NYSE holidays left out), or a NAV without a timestamp unchanged for more than ${DEFAULT_NAV_MAX_BUSINESS_DAYS} U.S. business days, values the asset at that last price, shown “stale since” its date, never unknown. A price source that refuses to answer once its data is older than its own bound (its call reverts; the registry marks it, with the document that says so: ${refusing.length ? list(refusing) : 'none today'}) values the asset at its last accepted price, shown “stale since” the day that price was first accepted; with no earlier accepted price the asset is unknown, and the run’s record says why. A price moving more than ${pct(PRICE_MOVE_FLAG)} in a day is published and flagged.`,
    },
    {
      id: 'holders',
      title: 'Holders',
      text: `On EVM chains, holders are ${methodOf('evm').holders}. Stellar: ${methodOf('stellar').holders}; they are added to the asset’s EVM count. Solana, Aptos, the XRP Ledger and DefiLlama give none: unavailable, never estimated, and a network’s count keeps the holders the other sources give. The market overview’s holders figure adds each asset’s count: it counts holdings (an address holding two tracked assets counts twice; a Stellar trustline at zero counts), not unique addresses, and leaves out the holders on Solana, Aptos and the XRP Ledger. Holder concentration (top-10 share, HHI, Gini) is measured on EVM chains only: its “all chains” line is across an asset’s EVM chains.`,
    },
    {
      id: 'transfers',
      title: 'Transfers',
      text: 'Transfers and transfer volume are movements between holders on EVM chains: mints, burns and moves from or to excluded wallets and escrows are issuance and are left out; each is valued at its day’s price, and one worth more than its asset’s whole value on that chain that day or the day before is left out.',
    },
    {
      id: 'breaker',
      title: 'Circuit breaker',
      text: `An asset on a chain whose value would drop more than ${pct(cfg.maxChange)} or jump more than ${cfg.maxJump}x against the last published run (or whose holders would, from ${MIN_HOLDERS_COMPARED} holders) is held at its last figure while the rest publishes. The run publishes nothing only when the total RWA or stablecoin value would move so; the previous figures then stay, and the run below says why.`,
    },
    {
      id: 'stale',
      title: 'A part that fails',
      text: `A chain, source or asset that cannot be read keeps its last good figures for at most ${STALE_MAX_DAYS} days, marked stale with its age and why, while the rest of the run publishes; after that it is unknown. A run fails only when nothing could be read.`,
    },
    {
      id: 'yield',
      title: 'Yield',
      text: `Funds priced by their NAV (a feed, a NAV call, a vault, a Centrifuge pool) show a 7-day and a 30-day yield on their page, in its API and downloads. ${YIELD_METHOD} A NAV struck in another currency and valued through a dollar-rate feed (${list(assets.filter((a) => a.price.kind === 'feed' && a.price.quote).map((a) => a.symbol)) || 'none is registered today'}) yields from its NAV in that currency, read back from the NAV feed's answer its price receipt keeps: the dollar rate's move is not income. A fund with a fixed $1.00 NAV pays its income as new tokens or distributions, not in its price: its yield is shown unknown, and why.`,
    },
    {
      id: 'aggregators',
      title: 'DefiLlama',
      text: `Stablecoins: ${methodOf('defillama').supply}. The long tail no reader covers: ${methodOf('defillama-protocol').supply}; where a reader covers the same asset and chain, the chain’s figure counts and DefiLlama’s is shown beside it with the gap. Neither API gives holders. Network totals and the market overview count tokenized assets other than stablecoins. The charts’ days before the runs: ${methodOf('defillama-history').supply}.`,
    },
  ];
}

/** How one asset is counted once across chains, from its registry entry (the asset page's statement). */
export function bridgingOf(asset: RegistryAsset | undefined): string {
  if (!asset) return 'Unknown: the asset is not in the registry, so no counting rule is stated.';
  const excluded = asset.deployments.filter((d) => d.excludeHolders.length > 0).map((d) => d.chain);
  const parts = [
    asset.bridge?.model === 'lock-and-mint'
      ? `Lock-and-mint: the escrows on ${list([...new Set(asset.bridge.escrows.map((e) => e.chain))])} are left out of supply there, so a token locked on one chain and minted on another is counted once, where it circulates.`
      : asset.bridge?.model === 'burn-and-mint'
        ? 'Burn-and-mint: a bridge burns on one chain and mints on the other, so each chain’s contract supply is counted as it is.'
        : 'No bridge model in the registry: each chain’s contract supply is counted as it is, with no escrow left out.',
    excluded.length
      ? `Excluded wallets (issuer treasury, unreleased supply) are left out on ${list(excluded)}.`
      : 'The registry names no excluded wallet for this asset.',
  ];
  const byWallet = reserveWallets(asset).map((w) => `${w.holder} on ${w.chain}`);
  if (byWallet.length)
    parts.push(`Held by the reserves of other tracked products, counted here and netted once in the totals: ${list(byWallet)}.`);
  // A holding the fund documents by share only (no wallet): nothing can be left out at a block.
  for (const h of asset.heldByFunds)
    if ('share' in h)
      parts.push(
        `${h.fund} holds it (${Math.round(Number(h.share) * 1000) / 10}% of its reserves, no wallet published): counted here in full, and in every total ${h.fund} counts only beyond that holding (/sources).`,
      );
  return parts.join(' ');
}
