/**
 * The Node server's first run by itself (auto.ts says when one is due): when a run is
 * due, `npm run ingest -- --auto --head` starts as a child process (head first: today's figures are
 * served within minutes, the history follows), so the server answers at once and its
 * pages are never slowed by the run's parsing on the server's event loop. Its lines go to the
 * server's log, prefixed; when it ends, one line says what the site serves now (or that the machine
 * is offline). The child takes the run's lock and checks again under it that a run is still due, so
 * two servers starting together run it once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '#db/client.ts';
import { configFor } from '#lib/server/config.ts';
import { autoRunDue } from '#lib/server/ingest/auto.ts';
import { describeRunOutcome } from '#lib/server/ingest/status.ts';

/** The project's root, where `scripts/ingest.ts` is (this file is src/lib/server/ingest/auto-child.ts). */
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

export async function startAutoIngest(
  env: NodeJS.ProcessEnv,
  log: (line: string) => void = console.log,
): Promise<ChildProcess | undefined> {
  const { client, db } = openDatabase(configFor(env).database);
  let why: string | undefined;
  try {
    why = await autoRunDue(db, env);
  } finally {
    client.close();
  }
  if (!why) return undefined;
  log(`  Data: ${why}: a live run starts in the background (INGEST_AUTO=off turns this off); the site serves the figures above meanwhile.`);
  const child = spawn(process.execPath, ['scripts/ingest.ts', '--auto', '--head'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // The lowest CPU priority: on a small machine the pages come first, the run takes what is left.
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, 19);
    } catch {
      // Not allowed here (some containers): the run keeps the server's priority.
    }
  }
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (buffered + chunk).split('\n');
      buffered = lines.pop()!;
      for (const line of lines) if (line.trim()) log(`  ingest: ${line}`);
    });
  }
  child.on('exit', () => {
    describeRunOutcome(env).then(log, (e: unknown) => log(`  ingest (auto): ${(e as Error).message}`));
  });
  // The server's own exit (Ctrl-C, a supervisor's SIGTERM) ends the run too; its lock expires or is taken over.
  child.unref();
  return child;
}
