import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SAMPLE_WIDTH, Simulation } from '../../src/solver/simulate';
import { defaultState, getScenario } from '../../src/scenario/registry';
import { ChunkedOutput, csvWriter } from '../../src/cli/format';
import { exportNote, samplesCsv } from '../../src/app/export/samplesCsv';
import '../../src/scenario/custom';
import { readCustomModel } from '../../src/scenario/registry';
import { DOUBLE_PENDULUM } from '../support/customModels';
import { buildScenarioModel } from '../../src/scenario/build';
import { parseSimArgs } from '../../src/cli/args';
import { csvTextCell } from '../../src/run/rowText';

/** What `sim` prints for these rows: its own CSV writer (with the model's output columns, if any). */
async function cliCsv(rows: Float64Array[], outputs: readonly { name: string; unit: string }[] = []): Promise<string> {
  const stream = new PassThrough();
  const parts: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => parts.push(chunk));
  const out = new ChunkedOutput(stream);
  const writer = csvWriter(out, outputs);
  writer.begin();
  for (const row of rows) writer.row(row);
  await out.flush();
  return Buffer.concat(parts).toString('utf8');
}

describe('CSV export', () => {
  it('writes exactly what `sim` writes for the same rows (header, String(x), newline after each row)', async () => {
    const state = { ...defaultState('spin'), alpha: -0.1, tEnd: 0.2 };
    const sim = new Simulation(buildScenarioModel(getScenario('spin'), state.values), { method: 'classical', alpha: state.alpha, h: state.h, tEnd: state.tEnd, sampleEvery: 1 });
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

  it('a user model: its outputs follow the standard columns, named as in the model (quoted where CSV needs it)', async () => {
    const read = readCustomModel(DOUBLE_PENDULUM);
    if (!read?.ok) throw new Error('the test model does not read');
    const model = buildScenarioModel(read.def, { L: [1], m: [1] });
    const sim = new Simulation(model, { method: 'modified', alpha: -0.1, h: 1e-3, tEnd: 0.01, sampleEvery: 1 });
    const rows: Float64Array[] = [];
    while (sim.advance(1000, (row) => rows.push(row.slice())) === 'running');
    const width = SAMPLE_WIDTH + 4;
    expect(rows[0]).toHaveLength(width);
    const flat = new Float64Array(rows.length * width);
    rows.forEach((row, k) => flat.set(row, k * width));
    const outputs = model.outputs!.map((o) => ({ name: o.name, unit: o.unit }));
    const csv = samplesCsv(flat, outputs.map((o) => o.name));
    expect(csv).toBe(await cliCsv(rows, outputs));
    expect(csv.split('\n')[0]).toBe('t,omega_x,omega_y,omega_z,energy,energy_error,constraint_error,iterations,h,x_tip,y_tip,elbow angle,elbow rate');
    const odd = [{ name: 'a, b', unit: '' }, { name: 'say "hi"', unit: '' }];
    const row = new Float64Array(SAMPLE_WIDTH + 2);
    expect(samplesCsv(row, odd.map((o) => o.name)).split('\n')[0]).toMatch(/,"a, b","say ""hi"""$/);
    expect(samplesCsv(row, odd.map((o) => o.name))).toBe(await cliCsv([row], odd));
  });

  describe('CSV injection: a text cell never becomes a spreadsheet formula, numbers stay numbers', () => {
    const hostile = ['=HYPERLINK("https://evil.example","x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'];
    const named = (name: string) => DOUBLE_PENDULUM.replace('"name": "elbow angle"', `"name": ${JSON.stringify(name)}`);

    it('the model reader refuses an output name a spreadsheet would read as a formula, at its place in the file', () => {
      for (const name of hostile) {
        const read = readCustomModel(named(name));
        expect(read?.ok, name).toBe(false);
        if (read?.ok !== false) continue;
        expect(read.issues).toHaveLength(1);
        expect(read.issues[0].path).toBe('outputs[2].name');
        expect(read.issues[0].message).toMatch(/an output name cannot start with ("[=+@-]"|a tab|a carriage return): it heads a CSV column, and a spreadsheet would read it as a formula/);
      }
      // Inside: such a character elsewhere in the name is fine (and the name is written as it is).
      expect(readCustomModel(named('beta=1, -x'))?.ok).toBe(true);
    });

    it('`sim --model` refuses it too: one line naming file, place and why, exit 2 (bad input)', () => {
      const command = parseSimArgs(['--model', 'evil.json'], { modelFiles: new Map([['evil.json', { ok: true, text: named('=1+1') }]]) });
      expect(command.kind).toBe('error');
      const lines = command.kind === 'error' ? [command.issue.message, ...(command.details ?? [])] : [];
      expect(lines.join('\n')).toMatch(/evil\.json:\d+:\d+: outputs\[2\]\.name: an output name cannot start with "="/);
    });

    it('a text cell that reaches the writer anyway is quoted after a \', in sim\'s and the app\'s CSV alike; numbers are untouched', async () => {
      expect(hostile.map(csvTextCell)).toEqual(['"\'=HYPERLINK(""https://evil.example"",""x"")"', '"\'+1"', '"\'-2+3"', '"\'@SUM(A1)"', '"\'\tx"', '"\'\rx"']);
      expect(csvTextCell('beta')).toBe('beta');
      const outputs = [{ name: '=1+1', unit: '' }];
      const row = Float64Array.from([0, -1.5, -0, 1e-300, -5, 0, 0, 3, 0.01, -2]);
      const csv = samplesCsv(row, outputs.map((o) => o.name));
      expect(csv).toBe(await cliCsv([row], outputs));
      expect(csv.split('\n')[0].endsWith(`,"'=1+1"`)).toBe(true);
      expect(csv.split('\n')[1]).toBe('0,-1.5,0,1e-300,-5,0,0,3,0.01,-2');
    });
  });

  it('says which samples the file holds and the matching `sim` flag', () => {
    expect(exportNote({ rows: 1001, exportStride: 1, h: 0.01, adaptive: false })).toBe('1,001 rows: every step, as `sim --url <link> --sample-dt 0.01`');
    expect(exportNote({ rows: 200_001, exportStride: 5, h: 1e-5, adaptive: false })).toMatch(/every 5th step .* `sim --sample-dt 0\.00005`/);
    expect(exportNote({ rows: 2000, exportStride: 1, h: 1e-4, adaptive: true })).toBe("2,000 rows: the adaptive run's samples");
  });
});
