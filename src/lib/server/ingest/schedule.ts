/**
 * INGEST_SCHEDULE on the Node server: a cron expression (UTC; off when unset; checked in
 * config.ts) that runs the daily ingest in-process. croner parses the expression: it has no dependencies, is maintained, handles
 * the standard five fields plus ranges, steps and names, and computes the next run without
 * polling. Two server instances may both fire: the database lock lets one run and the other
 * skip, so two runs never overlap.
 */
import { Cron } from 'croner';
import { openDatabase } from '#db/client.ts';
import { configFor } from '#lib/server/config.ts';
import { defaultDate, runIngest } from './run.ts';

export function startIngestSchedule(env: NodeJS.ProcessEnv, log: (line: string) => void = console.log): Cron | undefined {
  const cfg = configFor(env);
  const expr = cfg.ingest.schedule;
  if (!expr) return undefined;
  // The expression was checked by parseConfig (a malformed one stops the start), so this does not throw.
  const job = new Cron(expr, { timezone: 'UTC', protect: true }, async () => {
    const { client, db } = openDatabase(cfg.database);
    try {
      const r = await runIngest(db, { dates: [defaultDate()], env });
      log(`ingest (scheduled): run ${r.runId || '-'} ${r.status} as of ${r.asOf}${r.reason ? `: ${r.reason}` : ''}`);
    } catch (e) {
      log(`ingest (scheduled) failed: ${(e as Error).message.split('\n')[0]}`);
    } finally {
      client.close();
    }
  });
  log(`ingest scheduled: "${expr}" (UTC), next run ${job.nextRun()?.toISOString()}`);
  return job;
}
