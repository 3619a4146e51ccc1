/**
 * Whether a database URL names a local libSQL file (`file:...`) rather than a server. On its own, so
 * the backup and restore commands can ask without loading the ORM and the schema.
 */
export function isLocalFile(url: string) {
  return url.startsWith('file:');
}
