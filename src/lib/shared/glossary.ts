/**
 * The words a visitor may not know, one entry per idea: the /glossary page lists them, and a page's
 * first use of one links to its entry with the definition as a tooltip (components/reading/Term.astro).
 * Where the spec fixes two labels for one idea (the private-credit page's "Avg. APR" card beside
 * its "Avg. Base APY" and "APY" columns), both stay as the spec has them and each has its entry.
 */

export interface GlossaryEntry {
  /** The anchor on /glossary. */
  id: string;
  /** The word as the pages write it. */
  term: string;
  /** What it means, in one or two plain sentences (the tooltip and the page say the same). */
  definition: string;
  /** Other spellings a text uses for it (found by linkTerms, whole words, any case). */
  also?: readonly string[];
}

export const GLOSSARY = [
  {
    id: 'market-cap',
    term: 'Market cap',
    definition:
      'What all the tokens of an asset are worth: the supply times the price (or the NAV of one token). For a stablecoin, close to the dollars it holds.',
  },
  {
    id: 'supply',
    term: 'Supply',
    definition:
      'How many tokens exist on a chain: the contract’s total supply, less the excluded wallets. Summed over the chains an asset lives on.',
  },
  {
    id: 'holders',
    term: 'Holders',
    definition: 'How many addresses hold a balance of the token above zero, counted from the chain’s transfer history.',
  },
  {
    id: 'nav',
    term: 'NAV',
    definition:
      'Net asset value: what one share of a fund is worth, its holdings less its debts divided by its shares. A tokenized fund publishes it, often on chain through an oracle.',
  },
  {
    id: 'ytm',
    term: 'Yield to maturity',
    also: ['YTM'],
    definition:
      'YTM: the yearly return of a bond held until it matures, counting its coupons and the gap between its price and what it repays.',
  },
  {
    id: 'apr',
    term: 'APR',
    definition: 'Annual percentage rate: the yearly interest on a loan, without compounding.',
  },
  {
    id: 'apy',
    term: 'APY',
    definition:
      'Annual percentage yield: the yearly return with interest compounded. For the same rate it reads a little higher than the APR.',
  },
  {
    id: 'top-10-share',
    term: 'Top-10 share',
    definition: 'The part of the supply the ten largest holders hold, in percent.',
  },
  {
    id: 'hhi',
    term: 'HHI',
    definition:
      'Herfindahl-Hirschman index: the sum of each holder’s squared share in percent, from near 0 (spread over many) to 10,000 (one holder has everything).',
  },
  {
    id: 'gini',
    term: 'Gini',
    definition: 'Gini coefficient: 0 when every holder holds the same, 1 (shown as 100) when one holder has everything.',
  },
  {
    id: 'excluded-wallets',
    term: 'Excluded wallets',
    definition:
      'Wallets of the issuer that hold tokens not yet sold (a treasury or a bridge’s reserve). Their balance is not counted in the supply, so it is not counted twice.',
  },
  {
    id: 'burn-and-mint',
    term: 'Burn-and-mint',
    also: ['Lock-and-mint'],
    definition:
      'How a token moves between chains without a wrapped copy: it is destroyed on one chain and created on the other, so the total stays the same.',
  },
  {
    id: 'distributed-represented',
    term: 'Distributed and represented',
    also: ['Distributed', 'Represented'],
    definition:
      'Two ways to count tokenized assets: distributed tokens can move between wallets on a public chain; represented ones only record ownership kept elsewhere. This site counts tokens on public chains.',
  },
  {
    id: 'receipt',
    term: 'Receipt',
    definition:
      'For a figure read from a chain: the block, the contract calls with their raw answers, the sum, and a command to repeat the read yourself.',
  },
  {
    id: 'coverage',
    term: 'Coverage',
    definition: 'How much of a class the site measures: its tracked total beside a published reference total for the whole market.',
  },
  {
    id: 'stale',
    term: 'Stale',
    definition: 'A figure older than its source’s age limit: it is shown with the day it is from, and why no newer one was read.',
  },
  {
    id: 'held',
    term: 'Held',
    definition:
      'A new figure the circuit breaker kept back because it moved more than the rules allow in a day; the last accepted figure stays on the site until a check confirms the move.',
  },
  {
    id: 'indexing',
    term: 'Indexing',
    definition: 'The holder count is being built from the chain’s history; the percent says how much of that history is read so far.',
  },
] as const satisfies readonly GlossaryEntry[];

export type GlossaryId = (typeof GLOSSARY)[number]['id'];

const byId = new Map<string, GlossaryEntry>(GLOSSARY.map((e) => [e.id, e]));

/** The entry of this id (every id the type allows has one). */
export const glossaryEntry = (id: GlossaryId): GlossaryEntry => byId.get(id)!;

/** The link to an entry. */
export const glossaryHref = (id: GlossaryId) => `/glossary#${id}`;

/** A piece of a text: plain, or a glossary word to link. */
export type TermSegment = { text: string; id?: GlossaryId };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text cut where the first use of each of `ids` stands (its term or another spelling, a whole
 * word, any case), so a page can link it; the rest stays plain. Pure.
 */
export function linkTerms(text: string, ids: readonly GlossaryId[]): TermSegment[] {
  const found: Array<{ at: number; end: number; id: GlossaryId }> = [];
  for (const id of ids) {
    const e = glossaryEntry(id);
    const words = [e.term, ...(e.also ?? [])].map(escape).join('|');
    const m = new RegExp(`(?<![\\p{L}\\p{N}-])(?:${words})(?![\\p{L}\\p{N}-])`, 'iu').exec(text);
    if (m && !found.some((f) => m.index < f.end && f.at < m.index + m[0].length))
      found.push({ at: m.index, end: m.index + m[0].length, id });
  }
  found.sort((a, b) => a.at - b.at);
  const out: TermSegment[] = [];
  let pos = 0;
  for (const f of found) {
    if (f.at > pos) out.push({ text: text.slice(pos, f.at) });
    out.push({ text: text.slice(f.at, f.end), id: f.id });
    pos = f.end;
  }
  if (pos < text.length) out.push({ text: text.slice(pos) });
  return out;
}
