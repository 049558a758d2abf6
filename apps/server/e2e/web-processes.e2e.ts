import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { postmasterPid } from '@quire/e2e';
import { DEMO } from '@quire/seed';
import { describe, expect, it } from 'vitest';
import { useOwnDatabase } from './own-database';

const db = useOwnDatabase('quire-web-processes-');

/** The node processes `pid` forked (its web processes; PostgreSQL's postmaster is not one). */
function webProcessesOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [command, rest] = [
        stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        stat.slice(stat.lastIndexOf(')') + 2),
      ];
      if (command.startsWith('node') && Number(rest.split(' ')[1]) === pid) children.push(Number(entry));
    } catch {}
  }
  return children.sort();
}

/** One request on a connection of its own, which the kernel gives to either web process (SO_REUSEPORT). */
function once(origin: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${origin}${path}`,
      {
        agent: false,
        method: payload ? 'POST' : 'GET',
        headers: payload
          ? {
              'content-type': 'application/json',
              cookie: 'xsrf=web-processes',
              'x-xsrf-token': 'web-processes',
            }
          : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const trpcData = (text: string) => JSON.parse(text).result.data;

describe('WEB_PROCESSES=2: two web processes serve one port', () => {
  it('answer as one site, replace a web process that dies, and all stop on SIGTERM', async () => {
    const server = await db.start({ env: { WEB_PROCESSES: '2', LOG_LEVEL: 'info' }, viaQuire: true });
    // /_/health answers once the first one listens; the start is over when this process says so.
    for (let i = 0; i < 100 && !server.output().includes('with 2 web processes'); i++) await sleep(100);
    expect(server.output()).toContain('with 2 web processes');
    // `./quire start` execs node: the spawned process is the one that forks the web processes.
    const [first, second] = webProcessesOf(server.pid);
    expect(webProcessesOf(server.pid)).toHaveLength(2);

    // A captcha drawn in one process is answered in the other: they sign with the same secret of this start.
    // Each round's two connections land in different processes half the time: with secrets of their own, twelve
    // rounds would all have to land alike for this to pass (one chance in 4,096).
    for (let round = 0; round < 12; round++) {
      const challenge = trpcData((await once(server.origin, '/trpc/auth.captchaChallenge')).text);
      const [a, b] = challenge.question.match(/\d+/g).map(Number);
      const sent = await once(server.origin, '/trpc/auth.sendAcctAuthEmail', {
        email: `across${round}@example.com`,
        operation: 'register',
        fullName: 'Across Processes',
        captchaValue: `${challenge.token}:${a + b}`,
      });
      expect(trpcData(sent.text).__typename).toBe('SusiMethod');
    }

    // A web process that dies is replaced; the other answers meanwhile.
    process.kill(first!, 'SIGKILL');
    // Connections waiting in its socket are lost with it; new ones go to the other.
    while (webProcessesOf(server.pid).includes(first!)) await sleep(20);
    for (let i = 0; i < 6; i++) expect((await once(server.origin, DEMO.story.path)).status).toBe(200);
    for (let i = 0; i < 100 && !server.output().includes('replaced one that exited'); i++) await sleep(100);
    expect(server.output()).toContain(`web process ${first} exited (signal SIGKILL); starting another`);
    const now = webProcessesOf(server.pid);
    expect(now).toHaveLength(2);
    expect(now).toContain(second);
    expect(now).not.toContain(first);

    // SIGTERM: the web processes drain and exit, then the jobs and the embedded database stop.
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(webProcessesOf(server.pid)).toEqual([]);
    for (const pid of now) expect(() => process.kill(pid, 0)).toThrow();
    expect(postmasterPid(db.dataDir)).toBeNull();
  }, 120_000);
});
