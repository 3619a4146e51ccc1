import { describe, expect, it } from 'vitest';
import { resolveClientAddress } from '#lib/server/auth/client-address.ts';

describe('resolveClientAddress', () => {
  it('ignores X-Forwarded-For from anyone but a configured proxy', () => {
    expect(resolveClientAddress('203.0.113.7', '198.51.100.1', [])).toBe('203.0.113.7');
    expect(resolveClientAddress('203.0.113.7', '198.51.100.1', ['10.0.0.1'])).toBe('203.0.113.7');
  });
  it('reads the chain from the right, past our own proxies, so a client cannot prepend a fake', () => {
    expect(resolveClientAddress('10.0.0.1', '198.51.100.1', ['10.0.0.1'])).toBe('198.51.100.1');
    expect(resolveClientAddress('::ffff:10.0.0.1', '1.2.3.4, 198.51.100.1, 10.0.0.2', ['10.0.0.1', '10.0.0.2'])).toBe('198.51.100.1');
    expect(resolveClientAddress('10.0.0.1', 'not-an-ip', ['10.0.0.1'])).toBe('10.0.0.1');
  });
});
