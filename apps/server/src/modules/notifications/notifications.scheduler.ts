import type { FastifyBaseLogger } from 'fastify';

/** One piece of periodic work: it must be safe to run in several processes at once (decision 027). */
export type ScheduledJob = { name: string; run: (now: Date) => Promise<unknown> };

/**
 * Runs the jobs one after another every `everyMs`, the first time a few seconds after start (so a
 * restarted process catches up at once). A run is never started while the last one is still going.
 * Whether a job's work was already done (by this process, another one, or before a restart) is for
 * the job to know: the digests and reminders claim per user and period in the database.
 */
export function startScheduler({
  jobs,
  everyMs,
  firstAfterMs = Math.min(everyMs, 5_000),
  log,
}: {
  jobs: ScheduledJob[];
  everyMs: number;
  firstAfterMs?: number;
  log: FastifyBaseLogger;
}) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      for (const job of jobs) {
        if (stopped) break;
        try {
          await job.run(new Date());
        } catch (err) {
          log.error({ err, job: job.name }, 'scheduler: job failed');
        }
      }
    })().finally(() => {
      running = null;
    });
  };
  const first = setTimeout(tick, firstAfterMs);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return {
    /** Stops the timers and waits for a run in progress. */
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
