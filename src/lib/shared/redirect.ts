/**
 * A post-login target from ?redirect=: a path on this site, or the fallback. Decided the way a
 * browser will read it: parsed against this page's origin (URL parsing drops tab, CR and LF and
 * treats '\' as '/', so '/\t/evil.example' and '/\evil' are '//evil...' to a browser), then the
 * origins compared. The answer is the parsed path, never the raw text.
 */
export function safeRedirectTarget(raw: string | null | undefined, origin: string, fallback = '/admin'): string {
  if (!raw) return fallback;
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    target = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (target.origin !== base.origin) return fallback;
  // A path that starts with '//' would itself be read as another host if it were parsed again.
  const path = target.pathname.replace(/^\/{2,}/, '/');
  return path + target.search + target.hash;
}
