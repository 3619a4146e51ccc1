import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPublicFiles } from '../../front-door/public-files.ts';

/** The files of public/ the front door holds in memory: which it takes from a build's client folder, and how. */
describe('loadPublicFiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rwa-public-files-'));
  const put = (path: string, body: string | Buffer) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), body);
  };
  put('icons/networks/ethereum.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  put('logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  put('no-js.css', 'a{}');
  put('_astro/app.abc123.js', 'export {}');
  put('_astro/app.abc123.js.br', 'x');
  put('glossary/index.html', '<!doctype html>');
  put('.well-known/security.txt', 'Contact: x');
  put('.hidden.svg', '<svg/>');
  put('archive.zip', 'PK');
  const files = loadPublicFiles(dir);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the icons, images and stylesheets, by URL path, with their types', () => {
    expect([...files.keys()].sort()).toEqual(['/icons/networks/ethereum.svg', '/logo.png', '/no-js.css']);
    expect(files.get('/logo.png')?.type).toBe('image/png');
    expect(files.get('/icons/networks/ethereum.svg')?.type).toBe('image/svg+xml');
  });

  it('leaves build output, pages, dot-files and unknown types to others', () => {
    for (const path of ['/_astro/app.abc123.js', '/glossary/index.html', '/.well-known/security.txt', '/.hidden.svg', '/archive.zip']) {
      expect(files.has(path), path).toBe(false);
    }
  });

  it('marks images as already compressed and gives each file an ETag of its bytes', () => {
    expect(files.get('/logo.png')?.encoded.compressible).toBe(false);
    expect(files.get('/no-js.css')?.encoded.compressible).toBeUndefined();
    const etags = [...files.values()].map((f) => f.etag);
    expect(new Set(etags).size).toBe(etags.length);
    for (const etag of etags) expect(etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('finds nothing in a folder that is not there', () => {
    expect(loadPublicFiles(join(dir, 'no-such-folder')).size).toBe(0);
  });
});
