/**
 * The `.catch` of one section's read on a server-rendered page: the section degrades (its island
 * refetches, the news falls back) instead of failing the page, and the error is still logged.
 */
export function logSectionFailure(pathname: string) {
  return (error: unknown): null => {
    console.error(`${pathname}: a section's data failed to load`, error);
    return null;
  };
}
