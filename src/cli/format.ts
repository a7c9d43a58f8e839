/**
 * Output of `sim`: CSV or JSON sample rows written through a chunked buffer, so a run with
 * hundreds of thousands of rows costs a few large writes instead of one write per row.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { SAMPLE_COLUMNS, type RunFailure, type RunStatus } from '../solver/simulate';
import { csvCell, csvHeader, sampleLine } from '../run/rowText';
import { NO_FACTS, runJsonHead, runJsonRow, runJsonTail, type RunStats } from '../run/runJson';
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

export type { RunStats } from '../run/runJson';

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
 * JSON: one object (src/run/runJson.ts: the settings, columns and their units, rows, status, failure and the work
 * done), streamed so the rows never have to be held in memory; the app's JSON export writes the same text.
 */
export function jsonWriter(out: ChunkedOutput, options: Omit<SimOptions, 'plan'>, facts: ModelFacts = NO_FACTS): RunWriter {
  let first = true;
  const width = SAMPLE_COLUMNS.length + facts.outputs.length;
  return {
    begin: () => out.push(runJsonHead(options, facts)),
    row(row) {
      out.push(runJsonRow(row, 0, width, first));
      first = false;
    },
    end: (status, failure, stats, removed) => out.push(runJsonTail(status, failure, stats, removed)),
  };
}

export function runWriter(out: ChunkedOutput, options: Omit<SimOptions, 'plan'>, facts: ModelFacts = NO_FACTS): RunWriter {
  return options.format === 'json' ? jsonWriter(out, options, facts) : csvWriter(out, facts.outputs);
}
