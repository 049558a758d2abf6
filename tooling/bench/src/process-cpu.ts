// CPU time of a process (and of a process tree, for PostgreSQL's backends) from /proc, for CPU per request.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** The command name of /proc/<pid>/stat (it may hold spaces) and the fields after it, or null when gone. */
function stat(pid: number): { command: string; fields: string[] } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    return { command: text.slice(text.indexOf('(') + 1, close), fields: text.slice(close + 2).split(' ') };
  } catch {
    return null;
  }
}

/** Fields after the command name of /proc/<pid>/stat, or null when gone. */
const statFields = (pid: number): string[] | null => stat(pid)?.fields ?? null;

/** The live processes whose parent is `pid`, with their stat fields. */
function childrenOf(pid: number) {
  const children: { pid: number; command: string; fields: string[] }[] = [];
  for (const entry of readdirSync('/proc')) {
    const child = Number(entry);
    if (!Number.isInteger(child)) continue;
    const s = stat(child);
    // ppid is field 4 (here 1).
    if (s && Number(s.fields[1]) === pid) children.push({ pid: child, ...s });
  }
  return children;
}

/** The whole machine's CPU time so far, busy and in all, in clock ticks summed over its cores (/proc/stat). */
export function machineTicks(): { busy: number; all: number } {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).map(Number);
  const all = ticks.reduce((sum, t) => sum + t, 0);
  // idle and iowait are the first line's fourth and fifth figures.
  return { busy: all - ticks[3]! - ticks[4]!, all };
}

/** User plus system CPU milliseconds `pid` has used so far (0 when it is gone). */
export function cpuMs(pid: number): number {
  const f = statFields(pid);
  // utime and stime are the stat file's fields 14 and 15 (here 11 and 12: state is field 3).
  return f ? ((Number(f[11]) + Number(f[12])) * 1000) / ticksPerSecond : 0;
}

/**
 * CPU milliseconds of `rootPid` and its children, live and exited (PostgreSQL's postmaster and its backends: a
 * backend that ends is reaped by the postmaster, whose cutime and cstime then carry its CPU), so the figure
 * only grows.
 */
export function treeCpuMs(rootPid: number): number {
  const root = statFields(rootPid);
  if (!root) return 0;
  // utime, stime, cutime and cstime are the stat file's fields 14 to 17 (here 11 to 14).
  let ticks = Number(root[11]) + Number(root[12]) + Number(root[13]) + Number(root[14]);
  for (const { fields } of childrenOf(rootPid)) ticks += Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / ticksPerSecond;
}

/**
 * CPU milliseconds of a server: the process `pid` and the node processes it started (WEB_PROCESSES's web
 * processes), but not its embedded PostgreSQL, which is counted as the database's.
 */
export function serverCpuMs(pid: number): number {
  let ms = cpuMs(pid);
  for (const child of childrenOf(pid)) if (child.command.startsWith('node')) ms += cpuMs(child.pid);
  return ms;
}
