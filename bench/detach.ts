/**
 * `npm run bench:detach`: does detaching an ArrayBuffer slow our typed-array code down in Node? Once any
 * ArrayBuffer of an isolate has been detached (a postMessage transfer, WebAssembly memory.grow), V8 invalidates its
 * "array buffer detaching" protector and every typed-array access must check for detachment from then on.
 *
 * Each experiment runs in a fresh worker thread (its own isolate, nothing detached yet), times the same V8-crank
 * run (modified HHT, α = −0.3, h = 1e-4, `BENCH_DETACH_T` s, default 0.5 s) REPEATS times, then
 *  - 'transfer': posts a small buffer to the parent *transferred* (what the study pool's threads do with every result),
 *  - 'copy': posts it copied (structured clone, nothing detached),
 *  - 'none': posts nothing,
 *  - 'wasm-grow': grows a WebAssembly.Memory by a page (which detaches the memory's old ArrayBuffer),
 *  - 'mujoco': runs MuJoCo's WebAssembly heavy top for 1,000 steps (bench/mujoco.ts, as `npm run bench` does
 *    between its cases),
 * and times the run REPEATS times again. Prints the user-CPU µs/step before and after, medians, per experiment; the
 * experiments alternate, so load from other processes falls on all of them alike. Prints, never asserts.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { paperModel } from '../test/support/paperModel';
import { Simulation } from '../src/solver/simulate';
import { machineLine, spreadOf } from './stats';
import { runMujocoHeavyTop } from './mujoco';

type Mode = 'transfer' | 'copy' | 'none' | 'wasm-grow' | 'mujoco';
const MODES: readonly Mode[] = ['transfer', 'copy', 'none', 'wasm-grow', 'mujoco'];
const REPEATS = Math.max(1, Number(process.env.BENCH_REPEATS ?? 3));
const ROUNDS = Math.max(1, Number(process.env.BENCH_DETACH_ROUNDS ?? 3));
const T_END = Number(process.env.BENCH_DETACH_T ?? 0.5);

/** User-CPU µs per step of one V8 run. */
function timedRun(): number {
  const sim = new Simulation(paperModel('v8-crank'), { method: 'modified', alpha: -0.3, h: 1e-4, tEnd: T_END, sampleEvery: 100 });
  const cpu0 = process.cpuUsage().user;
  if (sim.advance(Number.MAX_SAFE_INTEGER, () => {}) !== 'finished') throw new Error(String(sim.failure?.reason));
  return (process.cpuUsage().user - cpu0) / sim.stepsDone;
}

/** In a worker: runs, posts per `mode`, runs again; replies with both medians. */
async function experiment(mode: Mode): Promise<void> {
  timedRun(); // warm-up
  timedRun();
  const before = Array.from({ length: REPEATS }, timedRun);
  const buffer = new Float64Array(16).buffer;
  if (mode === 'transfer') parentPort!.postMessage({ buffer }, [buffer]);
  if (mode === 'copy') parentPort!.postMessage({ buffer });
  if (mode === 'transfer' && buffer.byteLength !== 0) throw new Error('the buffer was not detached');
  if (mode === 'wasm-grow') {
    const memory = new WebAssembly.Memory({ initial: 1, maximum: 4 });
    const old = memory.buffer;
    memory.grow(1);
    if (old.byteLength !== 0) throw new Error('memory.grow did not detach the old buffer');
  }
  if (mode === 'mujoco') await runMujocoHeavyTop(1e-5, 0.01);
  const after = Array.from({ length: REPEATS }, timedRun);
  parentPort!.postMessage({ before: spreadOf(before).median, after: spreadOf(after).median });
}

function runExperiment(mode: Mode): Promise<{ before: number; after: number }> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(new URL(import.meta.url), { workerData: { mode } });
    thread.on('message', (m) => { if ('after' in m) { resolve(m); void thread.terminate(); } });
    thread.on('error', reject);
  });
}

async function main(): Promise<void> {
  console.log(machineLine({ repeats: REPEATS, rounds: ROUNDS, t_end: T_END }));
  const results = Object.fromEntries(MODES.map((m) => [m, { before: [] as number[], after: [] as number[] }])) as Record<Mode, { before: number[]; after: number[] }>;
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 ? [...MODES].reverse() : MODES) {
      const r = await runExperiment(mode);
      results[mode].before.push(r.before);
      results[mode].after.push(r.after);
      console.log(JSON.stringify({ round, mode, cpu_us_per_step_before: +r.before.toFixed(2), cpu_us_per_step_after: +r.after.toFixed(2), after_over_before: +(r.after / r.before).toFixed(3) }));
    }
  }
  for (const mode of MODES) {
    const before = spreadOf(results[mode].before).median, after = spreadOf(results[mode].after).median;
    console.log(JSON.stringify({ figure: 'median over rounds', mode, cpu_us_per_step_before: +before.toFixed(2), cpu_us_per_step_after: +after.toFixed(2), after_over_before: +(after / before).toFixed(3) }));
  }
}

if (isMainThread) await main(); else await experiment((workerData as { mode: Mode }).mode);
