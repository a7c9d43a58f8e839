/**
 * Output of `sim`: CSV or JSON sample rows written through a chunked buffer, so a run with
 * hundreds of thousands of rows costs a few large writes instead of one write per row.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { SAMPLE_COLUMNS, type RunFailure, type RunStatus } from '../solver/simulate';
import { csvCell, csvHeader, jsonCell, paramsObject, sampleLine } from '../run/rowText';
import type { RemovedResidual } from '../scenario/preparationText';
import type { ModelFacts, OutputColumn } from '../run/modelFacts';
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

/** Work done by a run, reported at its end (JSON only; the CSV columns are fixed by SPEC §3). */
export interface RunStats {
  /** Accepted steps. */
  readonly steps: number;
  /** Steps rejected by the error test or retried after a Newton failure (adaptive runs; 0 otherwise). */
  readonly stepsRejected: number;
  /** Accepted steps whose successor the step cap h_max limited (adaptive runs; 0 otherwise): where the cap, not the tolerance, set the step. */
  readonly stepsCapped: number;
  /** Newton iterations over all steps, rejected ones included. */
  readonly newtonIterations: number;
}

/** A model with no outputs that the assembly left as written. */
const NO_FACTS: ModelFacts = { outputs: [], constraints: 0, preparation: { moved: [], removed: [] }, warnings: [] };

/** Writes one run in one format: a header, each sample row, and a closing part. */
export interface RunWriter {
  begin(): void;
  row(row: Float64Array): void;
  end(status: RunStatus, failure: RunFailure | null, stats: RunStats, removed?: RemovedResidual): void;
}

/** CSV: the SAMPLE_COLUMNS header line and the model's outputs, then one line per sample. */
export function csvWriter(out: ChunkedOutput, outputs: readonly OutputColumn[] = []): RunWriter {
  const width = SAMPLE_COLUMNS.length + outputs.length;
  return {
    begin: () => out.push(csvHeader(outputs.map((o) => o.name)) + '\n'),
    row: (row) => out.push(sampleLine(row, 0, csvCell, width) + '\n'),
    end: () => {},
  };
}

/**
 * JSON: one object {scenario, method, alpha (HHT) or rho (ρ∞ methods), h, tEnd, sampleDt, tolerance, errorNorm, hMin, hMax,
 * params, columns, rows, status, failure, steps, stepsRejected, stepsCapped, newtonIterations}, streamed so the rows
 * never have to be held in memory. tolerance, errorNorm, hMin and hMax are null for a fixed step (then h is
 * the step; for an adaptive run h is the initial step). failure is null or {time, reason, cause}. A model with
 * outputs adds them to `columns` (named as in the model) and lists them with their units in `outputs`; a model the
 * assembly moved or whose redundant equations were removed says so in `preparation`, with `warnings`, and the tail
 * gives `removedEquations` {count, largestResidual, time}.
 */
export function jsonWriter(out: ChunkedOutput, options: Omit<SimOptions, 'plan'>, facts: ModelFacts = NO_FACTS): RunWriter {
  let first = true;
  const width = SAMPLE_COLUMNS.length + facts.outputs.length;
  const changed = facts.preparation.moved.length > 0 || facts.preparation.removed.length > 0;
  return {
    begin() {
      const head = {
        scenario: options.scenario,
        method: options.method,
        ...(options.rho === undefined ? { alpha: options.alpha } : { rho: options.rho }),
        h: options.h,
        tEnd: options.tEnd,
        sampleDt: options.sampleDt,
        tolerance: options.adaptive?.tolerance ?? null,
        errorNorm: options.adaptive?.errorNorm ?? null,
        hMin: options.adaptive?.hMin ?? null,
        hMax: options.adaptive?.hMax ?? null,
        params: paramsObject(options.values),
        columns: [...SAMPLE_COLUMNS, ...facts.outputs.map((o) => o.name)],
        ...(facts.outputs.length > 0 ? { outputs: facts.outputs } : {}),
        ...(changed ? { preparation: facts.preparation } : {}),
        ...(facts.warnings.length > 0 ? { warnings: facts.warnings } : {}),
      };
      out.push(JSON.stringify(head).slice(0, -1) + ',"rows":[');
    },
    row(row) {
      out.push((first ? '\n[' : ',\n[') + sampleLine(row, 0, jsonCell, width) + ']');
      first = false;
    },
    end(status, failure, stats, removed) {
      const tail = {
        status, failure, steps: stats.steps, stepsRejected: stats.stepsRejected, stepsCapped: stats.stepsCapped, newtonIterations: stats.newtonIterations,
        ...(removed && removed.count > 0 ? { removedEquations: { count: removed.count, largestResidual: removed.largest, time: removed.time } } : {}),
      };
      out.push('\n],' + JSON.stringify(tail).slice(1) + '\n');
    },
  };
}

export function runWriter(out: ChunkedOutput, options: Omit<SimOptions, 'plan'>, facts: ModelFacts = NO_FACTS): RunWriter {
  return options.format === 'json' ? jsonWriter(out, options, facts) : csvWriter(out, facts.outputs);
}
