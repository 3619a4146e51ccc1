/**
 * INGEST_SCHEDULE on the Node server: a cron expression (UTC; off when unset; checked in
 * config.ts) that runs the daily ingest in-process. croner parses the expression: it has no dependencies, is maintained, handles
 * the standard five fields plus ranges, steps and names, and computes the next run without
 * polling. Two server instances may both fire: the database lock lets one run and the other
 * skip, so two runs never overlap. A day closed before its end (the finalized head had not passed
 * it) is read again at the time the run planned (close-retry.ts), by a one-shot job.
 */
import { Cron } from 'croner';
import { openDatabase } from '#db/client.ts';
import { configFor } from '#lib/server/config.ts';
import { defaultDate, runIngest } from './run.ts';
import { closeRetryNote } from './close-retry.ts';

export function startIngestSchedule(env: NodeJS.ProcessEnv, log: (line: string) => void = console.log): Cron | undefined {
  const cfg = configFor(env);
  const expr = cfg.ingest.schedule;
  if (!expr) return undefined;
  const run = async (date: string, label: string) => {
    const { client, db } = openDatabase(cfg.database);
    try {
      const r = await runIngest(db, { dates: [date], env });
      log(`ingest (${label}): run ${r.runId || '-'} ${r.status} as of ${r.asOf}${r.reason ? `: ${r.reason}` : ''}`);
      if (r.retry) {
        // The day closed early (close-retry.ts): read it again once the head has passed the close.
        const retry = r.retry;
        new Cron(new Date(retry.at), { timezone: 'UTC', protect: true, maxRuns: 1 }, () =>
          run(retry.date, `read ${retry.read} of ${retry.date}`),
        );
        log(`ingest (${label}): ${closeRetryNote(retry)}`);
      }
    } catch (e) {
      log(`ingest (${label}) failed: ${(e as Error).message.split('\n')[0]}`);
    } finally {
      client.close();
    }
  };
  // The expression was checked by parseConfig (a malformed one stops the start), so this does not throw.
  const job = new Cron(expr, { timezone: 'UTC', protect: true }, () => run(defaultDate(), 'scheduled'));
  log(`ingest scheduled: "${expr}" (UTC), next run ${job.nextRun()?.toISOString()}`);
  return job;
}
