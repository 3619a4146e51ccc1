import { crc32, deflateSync } from 'node:zlib';

/** One PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A PNG around IDAT bytes taken as given (so a test can make a bomb or a lie): signature, IHDR
 * (8 bits per channel; colour type 2 truecolour, 6 with alpha), IDAT, IEND.
 */
export function pngFromIdat(width: number, height: number, idat: Buffer, colourType: 2 | 6 = 2): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colourType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real PNG of the given size (RGB, one flat colour). */
export function makePng(width: number, height: number, rgb: [number, number, number] = [79, 140, 255]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  return pngFromIdat(width, height, deflateSync(Buffer.concat(Array.from({ length: height }, () => row))));
}

/**
 * A PNG header claiming huge dimensions (a decompression bomb's signature), with a tiny body. By
 * default the IHDR CRC is recomputed, so only the dimensions give it away; `fixCrc: false` leaves
 * the 1x1 image's CRC (a crudely patched file).
 */
export function makePngHeader(width: number, height: number, { fixCrc = true } = {}): Buffer {
  const png = makePng(1, 1);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  if (fixCrc) png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A widely used minimal valid JPEG (progressive, 1x1 pixel, 134 bytes). */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
