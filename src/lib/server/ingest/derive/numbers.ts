/** The rounding and the percent change every published figure uses: one rule, one place. */
export const round = (n: number, d = 2) => Number(n.toFixed(d));

/** The change from `before` to `now` in percent (2 decimals); null without an earlier figure (or from zero). */
export const pct = (now: number, before: number | undefined) => (before ? round(((now - before) / before) * 100) : null);
