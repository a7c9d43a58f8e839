/**
 * `npm run bench:studies`: the Fig. 9 study (V8 convergence with the paper's defaults,
 * `sim study convergence --scenario v8-crank`) in one thread and on the worker-thread pool of
 * `sim study`, one JSON line each and one with the speed-up. Prints, never asserts, except that the
 * pooled points must equal the serial ones to the bit (else the speed-up would be meaningless).
 *
 *   npm run bench:studies                     the full study (SLOW in one thread: minutes)
 *   npm run bench:studies -- --t-end 1        a shortened variant
 *   npm run bench:studies -- --threads 4      pool size (default os.availableParallelism())
 *
 * Bundled with its worker entry (.bench/studyPool.mjs, .bench/studyWorker.mjs), as a bundled `sim` is.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { runStudyInThreads } from '../src/cli/studyPool';
import { studyJob, type TaskEvent } from '../src/run/studyTasks';
import { parseStudyArgs, type ConvergenceOptions } from '../src/scenario/studyArgs';
import { getScenario } from '../src/scenario/registry';
import { convergenceStudy } from '../src/solver/studies/convergenceStudy';
import { buildScenarioModel } from '../src/scenario/build';

function flag(name: string): string | undefined {
  const k = process.argv.indexOf(name);
  return k > 0 ? process.argv[k + 1] : undefined;
}

function options(): ConvergenceOptions {
  const tEnd = flag('--t-end');
  const parsed = parseStudyArgs(['convergence', '--scenario', 'v8-crank', ...(tEnd ? ['--t-end', tEnd] : [])]);
  if (parsed.kind !== 'run' || parsed.options.kind !== 'convergence') throw new Error(`bad study settings: ${JSON.stringify(parsed)}`);
  return parsed.options;
}

const seconds = (start: number) => (performance.now() - start) / 1000;
/** CPU seconds of this process, all threads, since `start` (process.cpuUsage()). */
const cpuSeconds = (start: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
};
/** CPU time over wall time: how many cores the phase kept busy on average (2 = both of a 2-core machine). */
const coresBusy = (cpu: number, wall: number) => Number((cpu / wall).toFixed(2));
const round2 = (x: number) => Number(x.toFixed(2));

/**
 * Linux's CFS autogroup (/proc/sys/kernel/sched_autogroup_enabled): when on, the kernel shares the
 * cores between sessions, not threads, so while a process of another session is busy this process's
 * threads together get about one of two cores, however many there are. null: not Linux.
 */
function schedAutogroup(): boolean | null {
  const flag = '/proc/sys/kernel/sched_autogroup_enabled';
  return existsSync(flag) ? readFileSync(flag, 'utf8').trim() === '1' : null;
}

/** The pool's timeline: each run's start and end (s from the pool's start) on its lane (thread). */
function timeline(start: number) {
  const runs: { index: number; lane: number; start: number; end: number }[] = [];
  const observe = (event: TaskEvent) => {
    const at = seconds(start);
    if (event.phase === 'start') runs[event.index] = { index: event.index, lane: event.lane, start: at, end: NaN };
    else runs[event.index].end = at;
  };
  return { runs, observe };
}

/**
 * How much the lanes overlapped: the seconds in which two or more runs were in flight at once, and the
 * runs' wall time summed over the pool's wall time (1 = one run at a time, the thread count at best).
 */
function overlap(runs: readonly { start: number; end: number }[], wall: number) {
  const edges = runs.flatMap((r) => [[r.start, 1], [r.end, -1]] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let inFlight = 0;
  let last = 0;
  let together = 0;
  for (const [at, change] of edges) {
    if (inFlight >= 2) together += at - last;
    inFlight += change;
    last = at;
  }
  const busy = runs.reduce((sum, r) => sum + (r.end - r.start), 0);
  return { secondsWithTwoOrMoreRuns: round2(together), runsInFlightOnAverage: round2(busy / wall) };
}

async function main(): Promise<void> {
  const study = options();
  const threads = Number(flag('--threads') ?? os.availableParallelism());
  const machine = { machine: os.cpus()[0]?.model ?? 'unknown CPU', cores: os.availableParallelism(), node: process.version };
  console.log(JSON.stringify({ ...machine, loadAverage: os.loadavg().map(round2), schedAutogroup: schedAutogroup() }));

  // Serial: the single-threaded study, with each run's time (from the progress callback).
  const runSeconds: Record<string, number> = {};
  let started = performance.now();
  let current = '';
  const serialStart = performance.now();
  const serialCpu = process.cpuUsage();
  const serial = convergenceStudy(buildScenarioModel(getScenario(study.scenario), study.values), study, (_done, _total, label) => {
    if (current) runSeconds[current] = Number(seconds(started).toFixed(2));
    current = label;
    started = performance.now();
  });
  const serialSeconds = seconds(serialStart);
  const serialCores = coresBusy(cpuSeconds(serialCpu), serialSeconds);
  const longest = Math.max(...Object.values(runSeconds));
  console.log(JSON.stringify({ figure: 'study-fig9-serial', tEnd: study.tEnd, runs: Object.keys(runSeconds).length, seconds: Number(serialSeconds.toFixed(2)), coresBusy: serialCores, runSeconds }));

  const pooledStart = performance.now();
  const pooledCpu = process.cpuUsage();
  const lanes = timeline(pooledStart);
  const pooled = await runStudyInThreads(study, undefined, { threads, observe: lanes.observe });
  const pooledSeconds = seconds(pooledStart);
  const pooledCores = coresBusy(cpuSeconds(pooledCpu), pooledSeconds);
  const identical = pooled.kind === 'convergence' && pooled.points.length === serial.length
    && pooled.points.every((p, k) => Object.entries(p).every(([key, value]) => Object.is(value, serial[k][key as keyof typeof p])));
  console.log(JSON.stringify({
    figure: 'study-fig9-pooled', tEnd: study.tEnd, threads, seconds: Number(pooledSeconds.toFixed(2)), coresBusy: pooledCores,
    speedup: Number((serialSeconds / pooledSeconds).toFixed(2)),
    // No pool can beat its longest run (the reference) or the serial work shared evenly.
    bestPossibleSeconds: Number(Math.max(longest, serialSeconds / threads).toFixed(2)),
    identicalToSerial: identical,
    ...overlap(lanes.runs, pooledSeconds),
    runs: lanes.runs.map((r) => ({ run: studyJob(study).labels[r.index], lane: r.lane, start: round2(r.start), end: round2(r.end) })),
    loadAverage: os.loadavg().map(round2),
  }));
  if (!identical) process.exitCode = 1;
}

void main();
