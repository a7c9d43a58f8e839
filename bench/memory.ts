/**
 * `npm run bench:memory` ("a 10-million-step heavy-top run holds bounded memory"): runs the
 * bundled `sim` (.bench/sim.mjs, the process a user starts) on the heavy top for t_end = 10 s at
 * h = 1e-5 (1,000,000 steps) and h = 1e-6 (10,000,000 steps), output sampled every 0.01 s (SPEC §3
 * `--sample-dt`), and prints one JSON line per run with the process's peak resident set size
 * (process.resourceUsage().maxRSS, read as the process exits), then one line comparing them.
 * Prints, never asserts.
 *
 *   npm run bench:memory                                the two runs (the 10M-step one takes about a minute)
 *   npm run bench:memory -- --steps 1e5,1e6             other step counts (h = 10 s / steps)
 *   npm run bench:memory -- --method classical          the other method (default modified)
 *
 * Bundled with `sim` beside it (.bench/memory.mjs, .bench/sim.mjs).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const T_END = 10;
const SAMPLE_DT = 0.01;
/** Loaded into the `sim` process before it starts: reports its peak RSS (kB) on stderr as it exits. */
const REPORT_PEAK = 'data:text/javascript,process.on("exit",()=>process.stderr.write("\\npeak-rss-kb "+process.resourceUsage().maxRSS+"\\n"))';

function flag(name: string): string | undefined {
  const k = process.argv.indexOf(name);
  return k > 0 ? process.argv[k + 1] : undefined;
}

const round2 = (x: number) => Number(x.toFixed(2));

interface RunMemory {
  readonly steps: number;
  readonly h: number;
  readonly rows: number;
  readonly peakRssMB: number;
  readonly seconds: number;
  readonly exitCode: number | null;
}

/** One `sim` process: heavy top, `steps` steps to t_end, sampled; its rows are counted, not kept. */
function runSim(method: string, steps: number): Promise<RunMemory> {
  const h = T_END / steps;
  const sim = fileURLToPath(new URL('./sim.mjs', import.meta.url));
  const args = ['--import', REPORT_PEAK, sim, '--scenario', 'heavy-top', '--method', method, '--h', String(h), '--t-end', String(T_END), '--sample-dt', String(SAMPLE_DT)];
  const start = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let rows = -1; // the header line is not a row
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => { for (const byte of chunk) if (byte === 10) rows++; });
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode) => {
      const peak = /peak-rss-kb (\d+)/.exec(stderr);
      if (!peak) return reject(new Error(`sim reported no peak RSS (exit ${exitCode}): ${stderr.trim()}`));
      resolve({ steps, h, rows, peakRssMB: round2(Number(peak[1]) / 1024), seconds: round2((performance.now() - start) / 1000), exitCode });
    });
  });
}

async function main(): Promise<void> {
  const method = flag('--method') ?? 'modified';
  const stepCounts = (flag('--steps') ?? '1e6,1e7').split(',').map(Number);
  console.log(JSON.stringify({ machine: os.cpus()[0]?.model ?? 'unknown CPU', cores: os.availableParallelism(), node: process.version, loadAverage: os.loadavg().map(round2) }));
  const runs: RunMemory[] = [];
  for (const steps of stepCounts) {
    const run = await runSim(method, steps);
    runs.push(run);
    console.log(JSON.stringify({ figure: 'memory-heavy-top', method, tEnd: T_END, sampleDt: SAMPLE_DT, ...run, loadAverage: os.loadavg().map(round2) }));
    if (run.exitCode !== 0) process.exitCode = 1;
  }
  const [fewest, most] = [runs[0], runs[runs.length - 1]];
  console.log(JSON.stringify({
    figure: 'memory-growth', method, stepsRatio: most.steps / fewest.steps,
    peakRssRatio: round2(most.peakRssMB / fewest.peakRssMB), extraMBPerMillionSteps: round2(((most.peakRssMB - fewest.peakRssMB) * 1e6) / (most.steps - fewest.steps || 1)),
  }));
}

void main();
