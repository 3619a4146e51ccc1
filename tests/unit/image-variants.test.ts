import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownImageSrcset } from '#lib/shared/image-variants.ts';

const IMAGES = resolve(import.meta.dirname, '../../public/images');

describe('ownImageSrcset', () => {
  it.each([
    ['/images/research/stablecoins.jpg', '/images/research/stablecoins-800.jpg 800w, /images/research/stablecoins.jpg 1200w'],
    ['/images/research/stablecoins-800.jpg', undefined],
    ['/api/uploads/abc123', undefined],
    ['https://cdn.example/a.jpg', undefined],
    ['/images/../secret.jpg', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j -> %j', (src, expected) => {
    expect(ownImageSrcset(src)).toBe(expected);
  });

  it('every image of the site has its 800 px variant, smaller than the original', () => {
    const files = readdirSync(IMAGES, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.jpg') && !f.endsWith('-800.jpg'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const small = join(IMAGES, f.replace(/\.jpg$/, '-800.jpg'));
      expect(existsSync(small), f).toBe(true);
      expect(statSync(small).size).toBeLessThan(statSync(join(IMAGES, f)).size);
    }
  });
});
