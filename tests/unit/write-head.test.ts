import { describe, expect, it } from 'vitest';
import { writeHeadSets } from '../../front-door/write-head.ts';

describe('writeHeadSets: does a writeHead call set this header itself?', () => {
  it.each([
    // headers object, any case
    [[{ 'Content-Security-Policy': "default-src 'self'" }], true],
    [[{ 'content-type': 'text/html' }], false],
    // status message first
    [['Not Found', { 'content-security-policy': 'x' }], true],
    [['Not Found'], false],
    // flat [name, value, ...] array: only names count, not a value that mentions the header
    [[['Content-Type', 'text/html', 'Content-Security-Policy', 'x']], true],
    [[['X-Note', 'content-security-policy']], false],
    // array of pairs
    [[[['content-security-policy', 'x']]], true],
    [[[['x-frame-options', 'DENY']]], false],
    // no headers at all
    [[], false],
  ])('%j -> %s', (rest, expected) => {
    expect(writeHeadSets(rest, 'content-security-policy')).toBe(expected);
  });

  it('is not fooled by a header value that mentions the name (the JSON.stringify search was)', () => {
    expect(writeHeadSets([{ 'Report-To': 'content-security-policy endpoint' }], 'content-security-policy')).toBe(false);
  });
});
