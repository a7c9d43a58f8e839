import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { SimOptions } from '../../src/cli/args';
import { ChunkedOutput, csvWriter, jsonWriter } from '../../src/cli/format';
import { SAMPLE_COLUMNS } from '../../src/solver/simulate';

/** A slow sink that signals backpressure on every write, to prove the output waits for 'drain'. */
function collectingStream(highWaterMark = 16): { stream: Writable; text: () => string; writes: () => number } {
  const chunks: string[] = [];
  const stream = new Writable({
    highWaterMark,
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      setImmediate(done);
    },
  });
  return { stream, text: () => chunks.join(''), writes: () => chunks.length };
}

const OPTIONS: Omit<SimOptions, 'plan'> = {
  scenario: 'spin',
  method: 'modified',
  alpha: -0.3,
  h: 0.01,
  tEnd: 0.02,
  sampleDt: 0.01,
  sampleEvery: 1,
  values: { J: [1, 2, 2], M: [5, 0, 0], omega0: [10, 0, 0] },
  format: 'json',
};

const STATS = { steps: 2, stepsRejected: 0, stepsCapped: 0, newtonIterations: 6 };

const ROWS = [
  [0, 10, 0, 0, 50, 0, 0, 0, 0.01],
  [0.01, 10.049984947377201, -0, 1e-300, 50.5, -1.5e-4, 1.1102230246251565e-16, 3, 0.01],
];

describe('csv output', () => {
  it('prints the header and full-precision rows', async () => {
    const sink = collectingStream();
    const out = new ChunkedOutput(sink.stream);
    const writer = csvWriter(out);
    writer.begin();
    for (const row of ROWS) writer.row(Float64Array.from(row));
    writer.end('finished', null, STATS);
    await out.flush();
    const lines = sink.text().trimEnd().split('\n');
    expect(lines[0]).toBe(SAMPLE_COLUMNS.join(','));
    expect(lines[2]).toBe('0.01,10.049984947377201,0,1e-300,50.5,-0.00015,1.1102230246251565e-16,3,0.01');
    expect(lines.slice(1).map((l) => l.split(',').map(Number))).toEqual(ROWS.map((r) => r.map((x) => (Object.is(x, -0) ? 0 : x))));
  });

  it('writes many rows in a few chunks and respects backpressure', async () => {
    const sink = collectingStream();
    const out = new ChunkedOutput(sink.stream);
    const writer = csvWriter(out);
    const row = Float64Array.from(ROWS[1]);
    writer.begin();
    for (let k = 0; k < 50_000; k++) {
      writer.row(row);
      if (out.full) await out.flush();
    }
    await out.flush();
    expect(sink.text().split('\n')).toHaveLength(50_002);
    expect(sink.writes()).toBeLessThan(50);
  });
});

describe('json output', () => {
  it('streams one object with the settings, columns, rows, status and failure', async () => {
    const sink = collectingStream();
    const out = new ChunkedOutput(sink.stream);
    const writer = jsonWriter(out, OPTIONS);
    writer.begin();
    for (const row of ROWS) writer.row(Float64Array.from(row));
    writer.row(Float64Array.from([0.02, NaN, Infinity, 0, 0, 0, 0, 4, 0.01]));
    writer.end('failed', { time: 0.02, reason: 'Newton did not converge', cause: 'newton' }, STATS);
    await out.flush();
    const parsed = JSON.parse(sink.text());
    expect(Object.keys(parsed)).toEqual([
      'scenario', 'method', 'alpha', 'h', 'tEnd', 'sampleDt', 'tolerance', 'errorNorm', 'hMin', 'hMax', 'params', 'columns', 'units', 'rows',
      'status', 'failure', 'steps', 'stepsRejected', 'stepsCapped', 'newtonIterations',
    ]);
    expect(parsed).toMatchObject({ tolerance: null, errorNorm: null, hMin: null, hMax: null, ...STATS });
    expect(parsed.params).toEqual(OPTIONS.values);
    expect(parsed.columns).toEqual([...SAMPLE_COLUMNS]);
    expect(parsed.units).toEqual(['s', 'rad/s', 'rad/s', 'rad/s', 'J', 'J', 'm or 1', '', 's']);
    expect(parsed.rows[1][1]).toBe(10.049984947377201);
    expect(parsed.rows[2].slice(0, 3)).toEqual([0.02, null, null]);
    expect(parsed.failure).toEqual({ time: 0.02, reason: 'Newton did not converge', cause: 'newton' });
  });

  it("carries every column's unit: the standard columns', then each model output's", async () => {
    const sink = collectingStream();
    const out = new ChunkedOutput(sink.stream);
    const outputs = [{ name: 'beta', unit: 'rad' }, { name: 'x_F', unit: 'm' }];
    const writer = jsonWriter(out, OPTIONS, { outputs, constraints: 0, preparation: { moved: [], removed: [] }, warnings: [] });
    writer.begin();
    writer.row(Float64Array.from([...ROWS[0], 0.5, 0.25]));
    writer.end('finished', null, STATS);
    await out.flush();
    const parsed = JSON.parse(sink.text());
    expect(parsed.columns.slice(-2)).toEqual(['beta', 'x_F']);
    expect(parsed.units).toHaveLength(parsed.columns.length);
    expect(parsed.units.slice(-2)).toEqual(['rad', 'm']);
    expect(parsed.outputs).toEqual(outputs);
    expect(parsed.rows[0].slice(-2)).toEqual([0.5, 0.25]);
  });

  it('is valid JSON with zero rows', async () => {
    const sink = collectingStream();
    const out = new ChunkedOutput(sink.stream);
    const writer = jsonWriter(out, { ...OPTIONS, values: { m: [15] } });
    writer.begin();
    writer.end('failed', { time: 0, reason: 'singular', cause: 'setup' }, { steps: 0, stepsRejected: 0, stepsCapped: 0, newtonIterations: 0 });
    await out.flush();
    expect(JSON.parse(sink.text())).toMatchObject({ rows: [], params: { m: 15 }, status: 'failed' });
  });

  it('writes the step-size control of an adaptive run', async () => {
    const sink = collectingStream();
    const out = new ChunkedOutput(sink.stream);
    const writer = jsonWriter(out, { ...OPTIONS, adaptive: { tolerance: 1e-6, errorNorm: 'position', hMin: 1e-9, hMax: 0.01 } });
    writer.begin();
    writer.end('finished', null, { steps: 7, stepsRejected: 2, stepsCapped: 3, newtonIterations: 30 });
    await out.flush();
    expect(JSON.parse(sink.text())).toMatchObject({
      tolerance: 1e-6, errorNorm: 'position', hMin: 1e-9, hMax: 0.01, steps: 7, stepsRejected: 2, stepsCapped: 3, newtonIterations: 30,
    });
  });
});
