import { describe, expect, it } from 'vitest';
import { sniffImage } from '#lib/server/content/image-sniff.ts';
import { makePng, makePngHeader, SVG, TINY_JPEG } from '../support/images.ts';

describe('sniffImage', () => {
  it('reads PNG and JPEG sizes from their headers', () => {
    expect(sniffImage(makePng(640, 360))).toEqual({ mimeType: 'image/png', width: 640, height: 360 });
    expect(sniffImage(TINY_JPEG)).toEqual({ mimeType: 'image/jpeg', width: 1, height: 1 });
    expect(sniffImage(makePngHeader(50_000, 50_000))).toMatchObject({ width: 50_000, height: 50_000 });
  });
  it('reads GIF and WebP headers', () => {
    const gif = Buffer.from('GIF89a\x10\x00\x08\x00\x00\x00\x00', 'latin1');
    expect(sniffImage(gif)).toEqual({ mimeType: 'image/gif', width: 16, height: 8 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'ascii');
    webp.write('WEBP', 8, 'ascii');
    webp.write('VP8X', 12, 'ascii');
    webp.writeUIntLE(1199, 24, 3);
    webp.writeUIntLE(629, 27, 3);
    expect(sniffImage(webp)).toEqual({ mimeType: 'image/webp', width: 1200, height: 630 });
  });
  it('refuses SVG, text and truncated headers', () => {
    expect(sniffImage(SVG)).toBeNull();
    expect(sniffImage(Buffer.from('not an image at all, just text'))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
    expect(sniffImage(makePng(2, 2).subarray(0, 20))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

describe('sniffImage (PNG)', () => {
  it('reads a real PNG', () => {
    expect(sniffImage(makePng(40, 21))).toEqual({ mimeType: 'image/png', width: 40, height: 21 });
  });
  it('refuses a 69-byte PNG whose header was patched to declare 6324x6324 (its CRC no longer matches)', () => {
    const patched = makePngHeader(6324, 6324, { fixCrc: false });
    expect(patched.byteLength).toBe(69);
    expect(sniffImage(patched)).toBeNull();
  });
});
