import { chartPalette } from '../../../../tailwind.config.mjs';

/**
 * A dash pattern per palette colour, so lines that look alike in colour (cyan and teal, red and
 * rose, the greens) differ in pattern, and every line reads without colour: five solid, four
 * dashed, four dotted, two dash-dot. Indexed like chartPalette.
 */
const DASHES = ['', '', '', '', '', '8 4', '8 4', '8 4', '8 4', '2 3', '2 3', '2 3', '2 3', '8 3 2 3', '8 3 2 3'] as const;

/** The dash pattern (SVG stroke-dasharray, '' for solid) of a series drawn in `color`. */
export function dashOf(color: string): string {
  const i = chartPalette.indexOf(color);
  return i < 0 ? '' : DASHES[i % DASHES.length];
}
