/**
 * Output of `sim`: CSV or JSON sample rows written through a chunked buffer, so a run with
 * hundreds of thousands of rows costs a few large writes instead of one write per row.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { SAMPLE_COLUMNS, SAMPLE_WIDTH, type RunFailure, type RunStatus } from '../solver/simulate';
import type { SimOptions } from './args';

/** Flush after this many characters are buffered (a few thousand rows). */
const FLUSH_CHARS = 1 << 18;

/**
 * Collects text and writes it to a stream in large chunks, waiting for 'drain' when the
 * stream asks for it (backpressure), so memory stays bounded for long runs.
 */
export class ChunkedOutput {
  private parts: string[] = [];
  private size = 0;

  constructor(private readonly stream: Writable) {}

  push(text: string): void {
    this.parts.push(text);
    this.size += text.length;
  }

  /** True once enough text is buffered to be worth a write. */
  get full(): boolean {
    return this.size >= FLUSH_CHARS;
  }

  async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const chunk = this.parts.join('');
    this.parts = [];
    this.size = 0;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }
}

/** Shortest text that reads back as the same double (SPEC §3: full precision). */
function formatCell(x: number): string {
  return String(x);
}

/** JSON has no NaN or Infinity; a diverged value is written as null. */
function formatJsonCell(x: number): string {
  return Number.isFinite(x) ? String(x) : 'null';
}

function joinRow(row: Float64Array, format: (x: number) => string): string {
  let line = format(row[0]);
  for (let k = 1; k < SAMPLE_WIDTH; k++) line += ',' + format(row[k]);
  return line;
}

/** Work done by a run, reported at its end (JSON only; the CSV columns are fixed by SPEC §3). */
export interface RunStats {
  /** Accepted steps. */
  readonly steps: number;
  /** Steps rejected by the error test or retried after a Newton failure (adaptive runs; 0 otherwise). */
  readonly stepsRejected: number;
  /** Newton iterations over all steps, rejected ones included. */
  readonly newtonIterations: number;
}

/** Writes one run in one format: a header, each sample row, and a closing part. */
export interface RunWriter {
  begin(): void;
  row(row: Float64Array): void;
  end(status: RunStatus, failure: RunFailure | null, stats: RunStats): void;
}

/** CSV: the SAMPLE_COLUMNS header line, then one line per sample. */
export function csvWriter(out: ChunkedOutput): RunWriter {
  return {
    begin: () => out.push(SAMPLE_COLUMNS.join(',') + '\n'),
    row: (row) => out.push(joinRow(row, formatCell) + '\n'),
    end: () => {},
  };
}

/** Scalars as numbers, vectors as arrays, for readable JSON. */
function paramsObject(options: SimOptions): Record<string, number | readonly number[]> {
  const params: Record<string, number | readonly number[]> = {};
  for (const [name, value] of Object.entries(options.values)) params[name] = value.length === 1 ? value[0] : value;
  return params;
}

/**
 * JSON: one object {scenario, method, alpha, h, tEnd, sampleDt, tolerance, hMin, hMax, params,
 * columns, rows, status, failure, steps, stepsRejected, newtonIterations}, streamed so the rows
 * never have to be held in memory. tolerance, hMin and hMax are null for a fixed step (then h is
 * the step; for an adaptive run h is the initial step).
 */
export function jsonWriter(out: ChunkedOutput, options: SimOptions): RunWriter {
  let first = true;
  return {
    begin() {
      const head = {
        scenario: options.scenario,
        method: options.method,
        alpha: options.alpha,
        h: options.h,
        tEnd: options.tEnd,
        sampleDt: options.sampleDt,
        tolerance: options.adaptive?.tolerance ?? null,
        hMin: options.adaptive?.hMin ?? null,
        hMax: options.adaptive?.hMax ?? null,
        params: paramsObject(options),
        columns: SAMPLE_COLUMNS,
      };
      out.push(JSON.stringify(head).slice(0, -1) + ',"rows":[');
    },
    row(row) {
      out.push((first ? '\n[' : ',\n[') + joinRow(row, formatJsonCell) + ']');
      first = false;
    },
    end(status, failure, stats) {
      const tail = { status, failure, steps: stats.steps, stepsRejected: stats.stepsRejected, newtonIterations: stats.newtonIterations };
      out.push('\n],' + JSON.stringify(tail).slice(1) + '\n');
    },
  };
}

export function runWriter(out: ChunkedOutput, options: SimOptions): RunWriter {
  return options.format === 'json' ? jsonWriter(out, options) : csvWriter(out);
}
