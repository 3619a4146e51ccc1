/**
 * What a provider says when an eth_getLogs range is too wide, and the next range to ask for
 *. Each provider says it differently:
 * - Infura: -32602 "range 25000 exceeds limit of 10000" (a limit in blocks);
 * - QuickNode: HTTP 413, -32614 "eth_getLogs is limited to a 10,000 range";
 * - Alchemy's free tier: "... up to a 10 block range. ... this block range should work: [0x.., 0x..]";
 * - older nodes: "query returned more than 10000 results. Try with this block range [0x.., 0x..]".
 * A stated limit caps every later range; a suggested range is taken as it is; otherwise the range halves.
 */

export interface RangeAdvice {
  /** The widest range (in blocks, inclusive) the provider accepts, when it says. */
  limit?: number;
  /** The last block of a range the provider says would work from the same first block. */
  suggestedTo?: bigint;
}

const num = (s: string) => Number(s.replace(/,/g, ''));

/** Advice from an error's text when it is a range refusal, else null. */
export function rangeAdvice(text: string): RangeAdvice | null {
  const advice: RangeAdvice = {};
  const limit =
    /range (?:of )?\d[\d,]* exceeds (?:the )?limit of (\d[\d,]*)/i.exec(text) ??
    /limited to an? (\d[\d,]*)[- ](?:block )?range/i.exec(text) ??
    /up to an? (\d[\d,]*)[- ]block range/i.exec(text) ??
    /(?:max(?:imum)?|exceeds?) (?:block )?range (?:of |is |limit )?(\d[\d,]*)/i.exec(text);
  if (limit) advice.limit = num(limit[1]);
  const suggested = /\[\s*(0x[0-9a-f]+)\s*,\s*(0x[0-9a-f]+)\s*\]/i.exec(text);
  if (suggested && /block range|range should work|try with/i.test(text)) advice.suggestedTo = BigInt(suggested[2]);
  if (advice.limit !== undefined || advice.suggestedTo !== undefined) return advice;
  if (
    /more than \d[\d,]* results|too many (results|logs)|block range (is )?too (large|wide)|range too large|exceed(s|ed)? (the )?(max(imum)? )?(block )?range|response size (exceeded|is larger)|log response size|status 413\b|-32614/i.test(
      text,
    )
  )
    return {};
  return null;
}

/**
 * The next range's width after a refusal of [from, to]: what the provider suggested or allows,
 * else half; never below one block.
 */
export function narrowed(from: bigint, to: bigint, advice: RangeAdvice): bigint {
  const span = to - from + 1n;
  let next = span / 2n;
  if (advice.suggestedTo !== undefined && advice.suggestedTo >= from && advice.suggestedTo < to) next = advice.suggestedTo - from + 1n;
  else if (advice.limit !== undefined && BigInt(advice.limit) < span) next = BigInt(advice.limit);
  return next > 0n ? next : 1n;
}
