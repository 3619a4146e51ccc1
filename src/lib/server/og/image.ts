import { deflateSync } from 'node:zlib';
import { colors } from '../../../../tailwind.config.mjs';

/**
 * Social cards (og:image) drawn in plain code: a raster, a 5x7 pixel font and a PNG encoder. No
 * native image library and no fonts from the host (a function host has none), so the card is the
 * same everywhere; the price is block capitals, which suit a card. 1200x630 is the size Facebook,
 * LinkedIn and X ask for.
 */
export const CARD = { width: 1200, height: 630 } as const;

type Rgb = readonly [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;

/** 5x7 glyphs, rows top to bottom, '1' = ink. Capitals, digits and the punctuation titles use. */
const FONT: Record<string, string> = {
  A: '01110100011000111111100011000110001',
  B: '11110100011000111110100011000111110',
  C: '01110100011000010000100001000101110',
  D: '11110100011000110001100011000111110',
  E: '11111100001000011110100001000011111',
  F: '11111100001000011110100001000010000',
  G: '01110100011000010111100011000101111',
  H: '10001100011000111111100011000110001',
  I: '01110001000010000100001000010001110',
  J: '00111000100001000010000101001001100',
  K: '10001100101010011000101001001010001',
  L: '10000100001000010000100001000011111',
  M: '10001110111010110101100011000110001',
  N: '10001100011100110101100111000110001',
  O: '01110100011000110001100011000101110',
  P: '11110100011000111110100001000010000',
  Q: '01110100011000110001101011001001101',
  R: '11110100011000111110101001001010001',
  S: '01111100001000001110000010000111110',
  T: '11111001000010000100001000010000100',
  U: '10001100011000110001100011000101110',
  V: '10001100011000110001100010101000100',
  W: '10001100011000110101101011010101010',
  X: '10001100010101000100010101000110001',
  Y: '10001100010101000100001000010000100',
  Z: '11111000010001000100010001000011111',
  '0': '01110100011001110101110011000101110',
  '1': '00100011000010000100001000010001110',
  '2': '01110100010000100010001000100011111',
  '3': '11111000100010000010000011000101110',
  '4': '00010001100101010010111110001000010',
  '5': '11111100001111000001000011000101110',
  '6': '00110010001000011110100011000101110',
  '7': '11111000010001000100010000100001000',
  '8': '01110100011000101110100011000101110',
  '9': '01110100011000101111000010001001100',
  ' ': '00000000000000000000000000000000000',
  '.': '00000000000000000000000000110001100',
  ',': '00000000000000000000011000010001000',
  '-': '00000000000000011111000000000000000',
  ':': '00000011000110000000011000110000000',
  '/': '00001000100001000100010000100010000',
  '%': '11000110010001000100010001001100011',
  $: '00100011111010001110001011111000100',
  '&': '01100100101010001000101011001001101',
  "'": '00100001000100000000000000000000000',
  '"': '01010010100101000000000000000000000',
  '(': '00010001000100001000010000010000010',
  ')': '01000001000001000010000100010001000',
  '+': '00000001000010011111001000010000000',
  '?': '01110100010000100010001000000000100',
  '!': '00100001000010000100001000000000100',
  '#': '01010010101111101010111110101001010',
};

/** Text as the font can draw it: capitals, accents dropped, typographic marks made plain. */
export function cardText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014\u00b7\u2022]/g, '-')
    .replace(/\u2026/g, '...')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim()
    .split('')
    .map((c) => (c in FONT ? c : '?'))
    .join('');
}

/** Greedy word wrap to `width` characters, at most `lines` lines; a cut last line ends in '...'. */
export function wrapWords(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const w = word.length > width ? word.slice(0, width - 1) + '-' : word;
    if (!line) line = w;
    else if (line.length + 1 + w.length <= width) line += ' ' + w;
    else {
      out.push(line);
      line = w;
    }
  }
  if (line) out.push(line);
  if (out.length > lines) {
    out.length = lines;
    const last = out[lines - 1];
    out[lines - 1] = (last.length + 3 <= width ? last : last.slice(0, width - 3).replace(/\s+\S*$/, '')) + '...';
  }
  return out;
}

/** An RGB raster with the few drawing steps a card needs. */
export class Raster {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
  constructor(width: number, height: number, background: string) {
    this.width = width;
    this.height = height;
    this.data = new Uint8Array(width * height * 3);
    const [r, g, b] = rgb(background);
    for (let i = 0; i < this.data.length; i += 3) {
      this.data[i] = r;
      this.data[i + 1] = g;
      this.data[i + 2] = b;
    }
  }

  /** A filled rectangle, corners rounded by `radius`, clipped to the raster. */
  rect(x: number, y: number, w: number, h: number, color: string, radius = 0) {
    const [r, g, b] = rgb(color);
    for (let py = Math.max(0, y); py < Math.min(this.height, y + h); py++) {
      for (let px = Math.max(0, x); px < Math.min(this.width, x + w); px++) {
        if (radius > 0) {
          const dx = px < x + radius ? x + radius - px - 0.5 : px >= x + w - radius ? px - (x + w - radius) + 0.5 : 0;
          const dy = py < y + radius ? y + radius - py - 0.5 : py >= y + h - radius ? py - (y + h - radius) + 0.5 : 0;
          if (dx * dx + dy * dy > radius * radius) continue;
        }
        const i = (py * this.width + px) * 3;
        this.data[i] = r;
        this.data[i + 1] = g;
        this.data[i + 2] = b;
      }
    }
  }

  /** One line of `cardText` at `scale` pixels per font dot; returns the width drawn. */
  text(line: string, x: number, y: number, scale: number, color: string): number {
    let cx = x;
    for (const ch of line) {
      const glyph = FONT[ch] ?? FONT['?'];
      for (let i = 0; i < 35; i++)
        if (glyph[i] === '1') this.rect(cx + (i % 5) * scale, y + Math.floor(i / 5) * scale, scale, scale, color);
      cx += 6 * scale;
    }
    return cx - x - scale;
  }
}

/** The width `text` takes at `scale` (6 dots a character, less the last gap). */
const textWidth = (text: string, scale: number) => Math.max(0, text.length * 6 * scale - scale);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

/** A truecolour PNG of the raster (filter 0 on every row, zlib as the format asks). */
export function encodePng(raster: Raster): Uint8Array {
  const { width, height, data } = raster;
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, RGB, deflate, no filter method, no interlace
  const rows = new Uint8Array(height * (width * 3 + 1));
  for (let y = 0; y < height; y++) rows.set(data.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    png.set(p, offset);
    offset += p.length;
  }
  return png;
}

/** The site's mark (favicon.svg): three rising bars on an accent tile. */
function drawMark(r: Raster, x: number, y: number, size: number, tile: string, bars: string) {
  const u = size / 32;
  r.rect(x, y, size, size, tile, Math.round(7 * u));
  for (const [bx, by, bh] of [
    [7, 17, 8],
    [13.75, 12, 13],
    [20.5, 7, 18],
  ])
    r.rect(Math.round(x + bx * u), Math.round(y + by * u), Math.round(4.5 * u), Math.round(bh * u), bars, Math.round(1.2 * u));
}

/** The square logo (publisher logo in JSON-LD): the mark alone. */
export function renderLogo(size = 512): Uint8Array {
  const r = new Raster(size, size, colors.bg);
  drawMark(r, 0, 0, size, colors.accent, colors['accent-fg']);
  return encodePng(r);
}

export interface CardContent {
  /** Small line above the title ('DATA', 'RESEARCH'). */
  eyebrow: string;
  title: string;
  subtitle?: string;
  /** Bottom-right line, such as the data's as-of date. */
  footer?: string;
}

/** A 1200x630 social card: eyebrow, title (up to 3 lines), subtitle, the mark and name, a footer. */
export function renderCard(content: CardContent): Uint8Array {
  const { width, height } = CARD;
  const r = new Raster(width, height, colors.bg);
  // Rising bars in the background, right: the mark's motif, quiet.
  for (let i = 0; i < 6; i++) r.rect(760 + i * 70, 330 - i * 40, 46, 200 + i * 40, colors.surface, 8);
  r.rect(0, 0, width, 8, colors.accent);
  const left = 80;
  r.text(cardText(content.eyebrow), left, 80, 4, colors.accent);
  const title = cardText(content.title);
  const scale = title.length > 48 ? 7 : 8;
  const lines = wrapWords(title, Math.floor((width - 2 * left) / (6 * scale)), 3);
  lines.forEach((line, i) => r.text(line, left, 150 + i * 11 * scale, scale, colors.fg));
  if (content.subtitle) {
    const top = 150 + lines.length * 11 * scale + 20;
    wrapWords(cardText(content.subtitle), Math.floor((width - 2 * left) / 24), 2).forEach((line, i) =>
      r.text(line, left, top + i * 44, 4, colors.muted),
    );
  }
  r.rect(0, height - 110, width, 110, colors.surface);
  drawMark(r, left, height - 88, 64, colors.accent, colors['accent-fg']);
  const nameEnd = left + 88 + r.text('RWA ANALYTICS', left + 88, height - 70, 4, colors.fg);
  if (content.footer) {
    // Smaller, then cut, when it would run into the name.
    const room = width - left - nameEnd - 40;
    const footer = cardText(content.footer);
    const small = textWidth(footer, 4) > room;
    const shown = small ? footer.slice(0, Math.floor((room + 3) / 18)) : footer;
    r.text(shown, width - left - textWidth(shown, small ? 3 : 4), height - (small ? 66 : 70), small ? 3 : 4, colors.muted);
  }
  return encodePng(r);
}
