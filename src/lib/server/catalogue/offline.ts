/**
 * An offline run: every source it tried was a host that does not resolve or refuses
 * the connection. Such a run fails at once and its record says so in its reason, which the start log,
 * /sources and the pages' age note read: "offline" is one rule, kept here.
 */
const UNREACHABLE = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED)\b/;
const PREFIX = 'offline: ';

/** The reason of a failed run whose every failure was an unreachable host, else undefined. */
/** A part that failed only because its chain did (a price read on a chain that was never reached). */
const CONSEQUENCE = /the price chain "[^"]+" could not be read/;

export function offlineReason(reasons: string[]): string | undefined {
  const all = [...new Set(reasons)].filter((r) => !CONSEQUENCE.test(r));
  if (all.length === 0 || !all.every((r) => UNREACHABLE.test(r))) return undefined;
  return `${PREFIX}no source could be reached (${all.length} part(s); first: ${all[0].slice(0, 200)})`;
}

export function isOfflineRun(run: { status: string; reason: string | null | undefined }): boolean {
  return run.status === 'failed' && !!run.reason?.startsWith(PREFIX);
}
