/** A published figure shown stale: what the publish step decided, and what the pages, the sources list and the alerts read. */
export interface StaleCell {
  asset: string;
  chain: string;
  /** The day the figure shown was read. */
  since: string;
  ageHours: number;
  reason: string;
  /** 'price': today's figure valued at a price past its bound (else: an earlier day's figure shown). */
  kind?: 'price';
}
