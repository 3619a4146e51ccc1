/**
 * The key of one cell, an asset on one chain (one of the registry's deployments), in the maps both
 * sides keep: the ingest's while it publishes, the read side's while it builds a page.
 */
export const cellKey = (asset: string, chain: string) => `${asset}|${chain}`;
