/**
 * CPU time of the browser's threads, read from /proc (Linux), grouped by what they do: on a machine with few cores
 * the solver workers share it with the page, V8's background threads and the browser's other processes, and which
 * of them took the time says what a faster run needs (docs/performance.md, "The browser's run on two cores").
 * Elsewhere (no /proc) it reports nothing.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';

/** The groups, in the order they are printed. */
export const THREAD_GROUPS = ['solver workers', 'page main thread', "V8's background threads", 'renderer, other', 'browser and GPU processes'] as const;
export type ThreadGroup = (typeof THREAD_GROUPS)[number];

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

function groupOf(renderer: boolean, mainThread: boolean, name: string): ThreadGroup {
  if (!renderer) return 'browser and GPU processes';
  if (name.startsWith('DedicatedWorker')) return 'solver workers';
  if (mainThread) return 'page main thread';
  if (name.startsWith('ThreadPoolForeg')) return "V8's background threads";
  return 'renderer, other';
}

/** Seconds of CPU (user + system) each thread of the processes running `executable` has used, by thread id. */
export function threadCpu(executable: string): Map<number, { group: ThreadGroup; seconds: number }> {
  const threads = new Map<number, { group: ThreadGroup; seconds: number }>();
  if (!existsSync('/proc/self/task')) return threads;
  const binary = realpathSync(executable);
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readlinkSync(`/proc/${pid}/exe`) !== binary) continue;
      const renderer = readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
        const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
        threads.set(Number(tid), { group: groupOf(renderer, tid === pid, name), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND });
      }
    } catch {
      // The process or thread ended while it was read.
    }
  }
  return threads;
}

/** CPU seconds per group between two readings of threadCpu (threads that started in between count from zero). */
export function cpuBetween(
  before: Map<number, { group: ThreadGroup; seconds: number }>, after: Map<number, { group: ThreadGroup; seconds: number }>,
): Map<ThreadGroup, number> {
  const totals = new Map<ThreadGroup, number>(THREAD_GROUPS.map((g) => [g, 0]));
  for (const [tid, { group, seconds }] of after) totals.set(group, totals.get(group)! + seconds - (before.get(tid)?.seconds ?? 0));
  return totals;
}
