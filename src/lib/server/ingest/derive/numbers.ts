/** The rounding every published figure uses: one rule, one place (a change over days: #lib/shared/change.ts). */
export const round = (n: number, d = 2) => Number(n.toFixed(d));
