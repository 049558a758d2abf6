import pg from 'pg';

/**
 * Listens on one PostgreSQL NOTIFY channel with a connection of its own and hands each payload to `onPayload`.
 * Reconnects after a dropped connection (retrying until the database is back) and then calls `onReconnect`,
 * since whatever was sent while it was away is lost.
 */
export function listenOnChannel(opts: {
  url: string;
  channel: string;
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
  log: (m: string) => void;
}) {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let connects = 0;
  // Retries until the database is back: one failed reconnect must not end the listening for good.
  const reconnect = () => {
    if (!stopped) retry = setTimeout(() => void connect().catch(reconnect), 1000);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: opts.url });
    c.on('notification', (msg) => {
      if (msg.channel === opts.channel && msg.payload) opts.onPayload(msg.payload);
    });
    c.on('error', (error) => {
      opts.log(`${opts.channel} listener: ${error.message}`);
      c.end().catch(() => {});
      if (client === c) reconnect();
    });
    await c.connect();
    await c.query(`LISTEN ${opts.channel}`);
    client = c;
    if (connects++ > 0) opts.onReconnect?.();
  };
  const ready = connect();
  return {
    ready,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
