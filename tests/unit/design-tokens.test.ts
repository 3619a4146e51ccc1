import { describe, expect, it } from 'vitest';
import { colors, lightColors } from '../../tailwind.config.mjs';

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two opaque colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('design tokens', () => {
  it('computes contrast the WCAG way (white on #4f8cff: the 3.21:1 the audit measured)', () => {
    expect(contrast('#ffffff', '#4f8cff')).toBeCloseTo(3.22, 2);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  // Every pair the site sets text in (normal-size text: WCAG AA asks 4.5:1).
  const pairs: [fg: keyof typeof colors, bg: keyof typeof colors][] = [
    ['accent-fg', 'accent'], // Login, Sign In, Save, Create and the other filled buttons
    ['bg', 'accent'], // filled links that use text-bg
    ['bg', 'negative'], // the Delete button
    ['fg', 'bg'],
    ['fg', 'surface'],
    ['fg', 'surface-2'],
    ['muted', 'bg'],
    ['muted', 'surface'],
    ['muted', 'surface-2'],
    ['accent', 'bg'],
    ['accent', 'surface'],
    ['accent', 'surface-2'],
    ['positive', 'surface'],
    ['negative', 'surface'],
    ['warning', 'surface'],
  ];
  it.each(pairs)('dark: %s on %s is at least 4.5:1', (fg, bg) => {
    expect(contrast(colors[fg], colors[bg])).toBeGreaterThanOrEqual(4.5);
  });

  // The light theme (the site's on request, and an embedded chart's): the same pairs, every one, and
  // the change colours on the hovered row's surface too.
  const lightPairs: typeof pairs = [...pairs, ['positive', 'surface-2'], ['negative', 'surface-2'], ['warning', 'surface-2']];
  it.each(lightPairs)('light: %s on %s is at least 4.5:1', (fg, bg) => {
    expect(contrast(lightColors[fg], lightColors[bg])).toBeGreaterThanOrEqual(4.5);
  });
  it('both themes name the same colours (a class means something in each)', () => {
    expect(Object.keys(lightColors).sort()).toEqual(Object.keys(colors).sort());
  });
  it('light: grid lines stay faint', () => {
    expect(contrast(lightColors.border, lightColors.bg)).toBeLessThan(1.5);
  });
});
