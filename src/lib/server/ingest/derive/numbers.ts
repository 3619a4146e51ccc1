/** The rounding every published figure uses: one rule, one place (a change over days: #lib/shared/change.ts). */
export const round = (n: number, d = 2) => Number(n.toFixed(d));

/**
 * A token amount in whole tokens, as a decimal string (1234500n with 6 decimals -> '1.2345'): what
 * viem's formatUnits answers, written here because loading viem for it costs a publish about half a
 * second of CPU (the chain readers that need viem load it themselves).
 */
export function tokenUnits(raw: bigint, decimals: number): string {
  const digits = (raw < 0n ? -raw : raw).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${raw < 0n ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
