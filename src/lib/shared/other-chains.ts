/**
 * The chain key of one line per product that sums the chains an aggregator reports and neither the
 * registry nor the league names: left out, they made the totals miss the long tail. The line lists
 * the chains it sums (each with its supply), so nothing is hidden in it.
 */
export const OTHER_CHAINS = 'other-chains';
export const OTHER_CHAINS_NAME = 'Other chains';
