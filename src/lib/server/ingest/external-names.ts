/**
 * Names from an outside API (DefiLlama's chain names) are data, never identifiers:
 * - shown only cleaned: control, format and bidi characters stripped (a NUL cut names short, ESC
 *   and OSC sequences reached the operator's terminal, bidi overrides reorder text), NFC, bounded;
 * - a chain becomes a network only when we already know it: the registry's own key for a registry
 *   chain (or its own spelling of a chain an asset lists as `uncovered`), a safe slug ([a-z0-9-], bounded, never a reserved column such as `date`) for a network
 *   of the league (content/data/networks.json, named there). Any other name is reported by the
 *   source, not published as a new network: `date` would have overwritten the date column of the
 *   time-series CSV, and `Evil/../../admin?x=1#y` became a link.
 */
import networksJson from '../../../../content/data/networks.json' with { type: 'json' };
import type { Registry } from '#lib/server/catalogue/registry.ts';
import { OTHER_CHAINS, OTHER_CHAINS_NAME } from '#lib/shared/other-chains.ts';

/** The most characters of an outside name ever kept. */
const MAX_EXTERNAL_NAME = 64;
const MAX_SLUG = 40;

/** Column names of the CSV files a network name can head (the time series: date, then one per network). */
const RESERVED = new Set(['date', 'network', 'networks', 'share', 'metric', 'value']);

/**
 * An outside name (or a message quoting one) fit to show and log: no Cc/Cf (bidi controls are Cf),
 * NFC, spaces collapsed, at most `max` characters (64 for a name).
 */
export function cleanExternalName(raw: string, max = MAX_EXTERNAL_NAME): string {
  const cleaned = raw
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(cleaned).slice(0, max).join('');
}

/** The most characters of a message kept: a node's error is a line, never a page. */
const MAX_OUTSIDE_TEXT = 500;

/**
 * A message that may quote an outside answer (a node's error, an answer's field names), cleaned by
 * the same rule as a name: the run stores, prints and sends (alerts, webhooks) only this.
 */
export const cleanOutsideText = (raw: string) => cleanExternalName(raw, MAX_OUTSIDE_TEXT);

/** [a-z0-9-], at most 40 characters, never empty or a reserved column; null when nothing safe is left. */
export function externalSlug(name: string): string | null {
  const slug = cleanExternalName(name)
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
  return slug && !RESERVED.has(slug) ? slug : null;
}

/** The league's networks by slug (their names as the league writes them). */
const leagueBySlug = new Map<string, string>();
for (const n of networksJson as Array<{ name: string }>) {
  const slug = externalSlug(n.name);
  if (slug) leagueBySlug.set(slug, n.name);
}

/** How an outside chain name maps: a chain key to publish under, or an unknown name to report. */
export type ChainMatch = { key: string } | { unknown: string };

/**
 * The resolver for one registry: a DefiLlama chain name -> the registry's key (matched on the
 * chain's `defillama` name, else its name, compared as slugs) or its `uncovered` spelling, else the league network's slug,
 * else unknown (cleaned, for the report).
 */
export function externalChains(registry: Registry): (name: string) => ChainMatch {
  const bySlug = new Map<string, string>();
  for (const [key, c] of Object.entries(registry.chains)) {
    const slug = externalSlug(c.defillama ?? c.name);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, key);
  }
  // Chains an asset lists as not covered by any reader (Sui, Noble...): known to the registry under
  // its own spelling, which /sources' coverage matches.
  for (const a of registry.assets)
    for (const u of a.uncovered) {
      const slug = externalSlug(u.chain);
      if (slug && !bySlug.has(slug)) bySlug.set(slug, u.chain);
    }
  return (name) => {
    const slug = externalSlug(name);
    if (slug && bySlug.has(slug)) return { key: bySlug.get(slug)! };
    if (slug && leagueBySlug.has(slug) && !(slug in registry.chains)) return { key: slug };
    return { unknown: cleanExternalName(name) };
  };
}

/** A chain key's name to publish: the registry's, else the league's, else the key itself. */
export function chainDisplayName(registry: Registry, key: string): string {
  if (key === OTHER_CHAINS) return OTHER_CHAINS_NAME;
  return registry.chains[key]?.name ?? leagueBySlug.get(key) ?? key;
}
