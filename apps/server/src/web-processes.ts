import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';

/** What a web process sends the process that forked it once it listens (on a socket of its own, cluster does not). */
const LISTENING = 'quire:listening';
/** What a web process asks once its code is loaded (a message sent before it listens for one would be lost)… */
const ASK_DATABASE = 'quire:database?';
/** …and what the forking process answers once the database is ready: its address. */
const DATABASE = 'quire:database';

/**
 * In a web process: the database's address, once the process that forked it has started and migrated it (the web
 * process loads its code meanwhile).
 */
export function databaseFromPrimary(): Promise<string> {
  return new Promise((resolve) => {
    const take = (message: unknown) => {
      if (
        typeof message !== 'object' ||
        message === null ||
        (message as { type?: unknown }).type !== DATABASE
      ) {
        return;
      }
      process.off('message', take);
      resolve(String((message as { url: unknown }).url));
    };
    process.on('message', take);
    process.send?.(ASK_DATABASE);
  });
}

/** Called by a web process once it listens. */
export function announceListening(): void {
  if (cluster.isWorker) process.send?.(LISTENING);
}

export interface WebProcesses {
  /** Tells every web process, and each started later, the database's address: they connect and then listen. */
  useDatabase: (url: string) => void;
  /** Settles once every web process listens; rejects when one could not start. */
  ready: Promise<void>;
  /** Asks each web process to shut down gracefully (SIGTERM) and waits until all have exited. */
  stop: () => Promise<void>;
}

/**
 * Forks `count` web processes that share the listening port (each its own socket on it, SO_REUSEPORT), each
 * running this same entry with `env` added; they wait for `useDatabase` before they connect. One that dies after it
 * listened is replaced, so a crash costs its requests in flight, not the site; one that dies before it listened is
 * not (it would only die again), and `ready` rejects if that happens during the start.
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
  let databaseUrl: string | null = null;
  /** The web processes that asked for the database's address. */
  const asking = new Set<Worker>();
  const tell = (worker: Worker) => {
    if (databaseUrl && worker.isConnected()) worker.send({ type: DATABASE, url: databaseUrl });
  };
  let settle: { resolve: () => void; reject: (error: Error) => void };
  const ready = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // The caller awaits it once the database is ready: a web process that dies before then is not an unhandled rejection.
  ready.catch(() => {});

  const fork = (replacing: boolean) => {
    const worker = cluster.fork(opts.env);
    let listened = false;
    live.add(worker);
    worker.on('message', (message) => {
      if (message === ASK_DATABASE) {
        asking.add(worker);
        tell(worker);
      }
      if (message !== LISTENING || listened) return;
      listened = true;
      if (replacing) opts.log(`web process ${worker.process.pid} replaced one that exited`);
      else if (++listening === opts.count) settle.resolve();
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      asking.delete(worker);
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
  const useDatabase = (url: string) => {
    databaseUrl = url;
    for (const worker of asking) tell(worker);
  };
  return { useDatabase, ready, stop };
}
