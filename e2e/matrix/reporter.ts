/**
 * Prints the matrix's failed steps as a table after the run (and writes it to test-results/matrix.md): model, size,
 * language, step and cause, from the annotations e2e/matrix/cellRun.ts leaves; then the pending sub-checks and the
 * steps not run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { FAILURE, NOT_APPLICABLE, PENDING } from './cellRun';

interface Row {
  readonly cell: string[];
  readonly cause: string;
}

/** `model · size · language · step: cause` as its parts. */
function parse(description: string): Row {
  const colon = description.indexOf(': ');
  const head = colon < 0 ? description : description.slice(0, colon);
  return { cell: head.split(' · '), cause: colon < 0 ? '' : description.slice(colon + 2) };
}

export default class MatrixReporter implements Reporter {
  private readonly failures: Row[] = [];
  private readonly pending = new Set<string>();
  /** Steps not run or not applicable, by step and reason, with how many cells. */
  private readonly skipped = new Map<string, number>();
  private cells = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (!/e2e[\/]matrix[\/]/.test(test.location.file)) return;
    this.cells++;
    for (const a of result.annotations) {
      if (a.type === FAILURE && a.description) this.failures.push(parse(a.description));
      if (a.type === PENDING && a.description) this.pending.add(parse(a.description).cause);
      if (a.type === NOT_APPLICABLE && a.description) {
        const { cell, cause } = parse(a.description);
        const key = `${cell[cell.length - 1]}: ${cause}`;
        this.skipped.set(key, (this.skipped.get(key) ?? 0) + 1);
      }
    }
    if (result.status !== 'passed' && result.status !== 'skipped' && !result.annotations.some((a) => a.type === FAILURE)) {
      this.failures.push({ cell: [...test.title.split(' · '), '(cell)'], cause: `${result.status}: ${(result.error?.message ?? '').split('\n')[0].slice(0, 300)}` });
    }
  }

  onEnd(_result: FullResult): void {
    if (this.cells === 0) return;
    const lines = [
      `Matrix: ${this.cells} cell(s), ${this.failures.length} failed step(s).`,
      ...(this.failures.length === 0 ? [] : ['', '| model | size | language | step | cause |', '| --- | --- | --- | --- | --- |',
        ...this.failures.map((r) => `| ${r.cell.join(' | ')} | ${r.cause.replace(/\|/g, '\\|')} |`)]),
      ...(this.pending.size === 0 ? [] : ['', 'Pending sub-checks:', ...[...this.pending].map((p) => `- ${p}`)]),
      ...(this.skipped.size === 0 ? [] : ['', 'Steps not run or not applicable (cells):', ...[...this.skipped].map(([why, n]) => `- ${why} (${n})`)]),
    ];
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/matrix.md', `${lines.join('\n')}\n`);
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
