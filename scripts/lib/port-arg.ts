/**
 * A port from `--port N` (or `--port=N`) on the command line, else from an environment variable, else
 * the default. A bad value is answered with the one line to print (a string), never a throw.
 */
export function parsePortArg(argv: string[], fromEnv: string | undefined, fallback: number): number | string {
  let given: string | undefined = fromEnv || undefined;
  let source = 'the port';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port') {
      given = argv[i + 1] ?? '';
      source = '--port';
    } else if (arg.startsWith('--port=')) {
      given = arg.slice('--port='.length);
      source = '--port';
    }
  }
  if (given === undefined) return fallback;
  const port = Number(given);
  if (!/^\d{1,5}$/.test(given) || port < 1 || port > 65535) return `${source} must be a whole number from 1 to 65535 (got "${given}").`;
  return port;
}
