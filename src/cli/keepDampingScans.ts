/**
 * `npm run damping-scans [ID…]`: measures the damping scan of each shipped model (all of them by default) with its
 * defaults — `sim study damping-scan --scenario ID`, on worker threads — and keeps the result in models/ID.json as
 * `measured.dampingScan` (the web app marks its α and ρ∞ sliders from it). Prints each model's runs and wall time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseStudyArgs } from '../scenario/studyArgs';
import { SCENARIO_IDS } from '../scenario/registry';
import { runStudyInThreads } from './studyPool';
import { dampingScanSection, withDampingScan } from '../run/dampingScanSection';

async function keep(id: string): Promise<void> {
  const argv = ['damping-scan', '--scenario', id];
  const parsed = parseStudyArgs(argv);
  if (parsed.kind !== 'run' || parsed.options.kind !== 'damping-scan') throw new Error(`${id}: ${parsed.kind === 'error' ? parsed.issue.message : 'not a damping scan'}`);
  const started = performance.now();
  const study = await runStudyInThreads(parsed.options);
  if (study.kind !== 'damping-scan') throw new Error('not a damping scan');
  const seconds = (performance.now() - started) / 1000;
  const path = `models/${id}.json`;
  const section = dampingScanSection(parsed.options, study.points, `npm run --silent sim -- study ${argv.join(' ')}`);
  writeFileSync(path, withDampingScan(readFileSync(path, 'utf8'), section));
  process.stdout.write(`${id}: ${study.points.length} runs in ${seconds.toFixed(1)} s → ${path}\n`);
}

const ids = process.argv.slice(2);
for (const id of ids.length > 0 ? ids : SCENARIO_IDS) await keep(id);
