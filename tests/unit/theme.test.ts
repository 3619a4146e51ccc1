import { describe, expect, it } from 'vitest';
import { THEME_ATTRIBUTE, THEME_BOOT_SCRIPT, THEME_STORAGE_KEY, storedTheme } from '#lib/shared/theme.ts';

/** Runs the boot script as the browser would, against a stand-in storage and <html>. */
function boot(storage: { getItem: (k: string) => string | null }) {
  const attributes = new Map<string, string>();
  const document = { documentElement: { setAttribute: (k: string, v: string) => attributes.set(k, v) } };
  // The script's own text, run with only the two globals it may touch.
  new Function('localStorage', 'document', THEME_BOOT_SCRIPT)(storage, document);
  return attributes.get(THEME_ATTRIBUTE);
}

describe('theme', () => {
  it('only a stored "light" leaves the dark default', () => {
    expect(storedTheme('light')).toBe('light');
    for (const v of [null, undefined, '', 'dark', 'LIGHT', 'light ', '<script>']) expect(storedTheme(v)).toBe('dark');
  });

  it('the boot script applies a stored light choice, and nothing else', () => {
    expect(boot({ getItem: (k) => (k === THEME_STORAGE_KEY ? 'light' : null) })).toBe('light');
    expect(boot({ getItem: () => 'dark' })).toBeUndefined();
    expect(boot({ getItem: () => 'x" onload="alert(1)' })).toBeUndefined();
    expect(boot({ getItem: () => null })).toBeUndefined();
  });

  it('the boot script survives storage that throws (disabled, sandboxed): the page stays dark', () => {
    expect(
      boot({
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBeUndefined();
  });
});
