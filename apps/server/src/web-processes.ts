import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';

/** What a web process sends the process that forked it once it listens (on a socket of its own, cluster does not). */
const LISTENING = 'quire:listening';

/** Called by a web process once it listens. */
export function announceListening(): void {
  if (cluster.isWorker) process.send?.(LISTENING);
}

export interface WebProcesses {
  /** Settles once every web process listens; rejects when one could not start. */
  ready: Promise<void>;
  /** Asks each web process to shut down gracefully (SIGTERM) and waits until all have exited. */
  stop: () => Promise<void>;
}

/**
 * Forks `count` web processes that share the listening port (each its own socket on it, SO_REUSEPORT), each
 * running this same entry with `env` added. One that dies after it listened is replaced, so a crash costs its
 * requests in flight, not the site; one that dies before it listened is not (it would only die again), and
 * `ready` rejects if that happens during the start.
 */
export function startWebProcesses(opts: {
  count: number;
  /** The entry module's URL (import.meta.url of main). */
  entry: string;
  env: Record<string, string>;
  log: (m: string) => void;
}): WebProcesses {
  let stopping = false;
  const live = new Set<Worker>();
  let listening = 0;
  let settle: { resolve: () => void; reject: (error: Error) => void };
  const ready = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });

  const fork = (replacing: boolean) => {
    const worker = cluster.fork(opts.env);
    let listened = false;
    live.add(worker);
    worker.on('message', (message) => {
      if (message !== LISTENING || listened) return;
      listened = true;
      if (replacing) opts.log(`web process ${worker.process.pid} replaced one that exited`);
      else if (++listening === opts.count) settle.resolve();
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      if (stopping) return;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (!listened) {
        opts.log(`web process ${worker.process.pid} exited while starting (${how})`);
        settle.reject(new Error('a web process could not start'));
        return;
      }
      opts.log(`web process ${worker.process.pid} exited (${how}); starting another`);
      fork(true);
    });
  };
  // The forks run the file that is running now (the built bundle, never a rebuild of one that changed since).
  cluster.setupPrimary({ exec: fileURLToPath(opts.entry) });
  for (let i = 0; i < opts.count; i++) fork(false);

  const stop = async () => {
    stopping = true;
    const exited = [...live].map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    for (const worker of live) worker.process.kill('SIGTERM');
    await Promise.all(exited);
  };
  return { ready, stop };
}
