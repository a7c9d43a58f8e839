/**
 * `npm run bench:studies` (issue 12): the Fig. 9 study (V8 convergence with the paper's defaults,
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
import os from 'node:os';
import { runStudyInThreads } from '../src/cli/studyPool';
import { parseStudyArgs, type ConvergenceOptions } from '../src/scenario/studyArgs';
import { getScenario } from '../src/scenario/registry';
import { convergenceStudy } from '../src/solver/studies/convergenceStudy';

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

async function main(): Promise<void> {
  const study = options();
  const threads = Number(flag('--threads') ?? os.availableParallelism());
  const machine = { machine: os.cpus()[0]?.model ?? 'unknown CPU', cores: os.availableParallelism(), node: process.version };
  console.log(JSON.stringify({ ...machine, loadAverage: os.loadavg().map((x) => Number(x.toFixed(2))) }));

  // Serial: the single-threaded study, with each run's time (from the progress callback).
  const runSeconds: Record<string, number> = {};
  let started = performance.now();
  let current = '';
  const serialStart = performance.now();
  const serialCpu = process.cpuUsage();
  const serial = convergenceStudy(getScenario(study.scenario).buildModel(study.values), study, (_done, _total, label) => {
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
  const pooled = await runStudyInThreads(study, undefined, { threads });
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
    loadAverage: os.loadavg().map((x) => Number(x.toFixed(2))),
  }));
  if (!identical) process.exitCode = 1;
}

void main();
