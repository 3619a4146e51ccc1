/**
 * Identifies an image by its bytes (never by its name or declared type) and reads its size from the
 * header, so the server stores only JPEG, PNG, WebP or GIF with believable dimensions.
 */
import { crc32 } from 'node:zlib';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

export interface ImageInfo {
  mimeType: ImageType;
  width: number;
  height: number;
}

const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);

/**
 * PNG: the signature, then an IHDR chunk of 13 bytes whose CRC matches. The CRC matters: without
 * it, dimensions patched into a tiny file (a 69-byte "6324x6324" image) read as real.
 */
function png(b: Uint8Array): ImageInfo | null {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 33 || sig.some((v, i) => b[i] !== v) || u32be(b, 8) !== 13 || ascii(b, 12, 4) !== 'IHDR') return null;
  if (crc32(b.subarray(12, 29)) !== u32be(b, 29)) return null;
  return { mimeType: 'image/png', width: u32be(b, 16), height: u32be(b, 20) };
}

function gif(b: Uint8Array): ImageInfo | null {
  if (b.length < 10 || !/^GIF8[79]a$/.test(ascii(b, 0, 6))) return null;
  return { mimeType: 'image/gif', width: u16le(b, 6), height: u16le(b, 8) };
}

function webp(b: Uint8Array): ImageInfo | null {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { mimeType: 'image/webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return { mimeType: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { mimeType: 'image/webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** Walks the JPEG markers to the first start-of-frame, which carries the dimensions. */
function jpeg(b: Uint8Array): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = u16be(b, at + 2);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) return { mimeType: 'image/jpeg', width: u16be(b, at + 7), height: u16be(b, at + 5) };
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/** The image's type and size, or null when the bytes are not a JPEG, PNG, WebP or GIF we can read. */
export function sniffImage(bytes: Uint8Array): ImageInfo | null {
  return png(bytes) ?? jpeg(bytes) ?? webp(bytes) ?? gif(bytes);
}
