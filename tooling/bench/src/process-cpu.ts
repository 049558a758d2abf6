// CPU time of a process (and of a process tree, for PostgreSQL's backends) from /proc, for CPU per request.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** Fields after the command name of /proc/<pid>/stat (the name may hold spaces), or null when gone. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
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
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const f = statFields(pid);
    // ppid is field 4 (here 1).
    if (f && Number(f[1]) === rootPid) ticks += Number(f[11]) + Number(f[12]);
  }
  return (ticks * 1000) / ticksPerSecond;
}
