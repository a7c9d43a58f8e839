import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SAMPLE_WIDTH, Simulation } from '../../src/solver/simulate';
import { defaultState, getScenario } from '../../src/scenario/registry';
import { ChunkedOutput, csvWriter } from '../../src/cli/format';
import { exportNote, samplesCsv } from '../../src/app/export/samplesCsv';

/** What `sim` prints for these rows: its own CSV writer. */
async function cliCsv(rows: Float64Array[]): Promise<string> {
  const stream = new PassThrough();
  const parts: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => parts.push(chunk));
  const out = new ChunkedOutput(stream);
  const writer = csvWriter(out);
  writer.begin();
  for (const row of rows) writer.row(row);
  await out.flush();
  return Buffer.concat(parts).toString('utf8');
}

describe('CSV export', () => {
  it('writes exactly what `sim` writes for the same rows (header, String(x), newline after each row)', async () => {
    const state = { ...defaultState('spin'), alpha: -0.1, tEnd: 0.2 };
    const sim = new Simulation(getScenario('spin').buildModel(state.values), { method: 'classical', alpha: state.alpha, h: state.h, tEnd: state.tEnd, sampleEvery: 1 });
    const rows: Float64Array[] = [];
    while (sim.advance(1000, (row) => rows.push(row.slice())) === 'running');
    const flat = new Float64Array(rows.length * SAMPLE_WIDTH);
    rows.forEach((row, k) => flat.set(row, k * SAMPLE_WIDTH));
    expect(samplesCsv(flat)).toBe(await cliCsv(rows));
    // Awkward values keep their shortest round-trip text.
    const odd = Float64Array.from([0.1 + 0.2, -0, 1e-300, 5e21, NaN, Infinity, 1 / 3, 2 ** 53, -1.5]);
    expect(samplesCsv(odd)).toBe(await cliCsv([odd]));
    expect(samplesCsv(new Float64Array(0))).toBe('t,omega_x,omega_y,omega_z,energy,energy_error,constraint_error,iterations,h\n');
  });

  it('says which samples the file holds and the matching `sim` flag', () => {
    expect(exportNote({ rows: 1001, exportStride: 1, h: 0.01, adaptive: false })).toBe('1,001 rows: every step, as `sim --url <link> --sample-dt 0.01`');
    expect(exportNote({ rows: 200_001, exportStride: 5, h: 1e-5, adaptive: false })).toMatch(/every 5th step .* `sim --sample-dt 0\.00005`/);
    expect(exportNote({ rows: 2000, exportStride: 1, h: 1e-4, adaptive: true })).toBe("2,000 rows: the adaptive run's samples");
  });
});
