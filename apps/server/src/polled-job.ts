import type { PgBoss } from 'pg-boss';

/**
 * A job that runs at most once at a time: on its pg-boss schedule (which catches up after a restart) and every
 * `pollMs` in between, since the row a request writes is the job's order and should not wait for the next minute.
 * Any number of workers may run it: the job's own claims keep each row to one. stop() ends the polling and
 * waits for the run in flight.
 */
export async function schedulePolledJob(
  boss: PgBoss,
  opts: {
    queue: string;
    cron: string;
    pollMs: number;
    run: () => Promise<void>;
    /** Where a failed run is told, with what failed. */
    onError: (error: Error) => void;
  },
): Promise<{ stop(): Promise<void> }> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    running ??= opts
      .run()
      .catch(opts.onError)
      .finally(() => {
        running = null;
      });
    return running;
  };
  await boss.createQueue(opts.queue);
  await boss.schedule(opts.queue, opts.cron);
  await boss.work(opts.queue, run);
  const poll = setInterval(() => {
    if (!stopped) void run();
  }, opts.pollMs);
  poll.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(poll);
      await running;
    },
  };
}
