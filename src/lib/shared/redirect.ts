/** A post-login target from ?redirect=: only a path on this site, never another origin ('//evil', 'https:'). */
export function safeRedirectTarget(raw: string | null | undefined, fallback = '/admin'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}
