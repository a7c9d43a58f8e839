/**
 * One cell of the matrix as a list of named steps. A step that fails is recorded with its cause and the cell goes
 * on with the next step (a later step that needs it is marked as not run; after a blank page the cell's link is
 * opened again), so one red cell shows every step that broke; the cell fails at its end with one line per failed step, `model · size · language · step: cause`. Console
 * errors and page errors that appear during a step fail that step. Each failure is also an annotation of the test
 * (type `matrix failure`), which e2e/matrix/reporter.ts gathers into a table.
 */
import { test } from '@playwright/test';

export const FAILURE = 'matrix failure';
export const PENDING = 'matrix pending';
export const NOT_APPLICABLE = 'matrix n/a';

export class CellRun {
  private readonly failed = new Set<string>();
  private readonly lines: string[] = [];

  /** The step after which the page was blank (later steps are not run). */
  private blankAfter: string | null = null;

  constructor(
    private readonly title: string,
    /** The fixture's list of console and page errors; errors are taken from it per step. */
    private readonly errors: string[],
    /** Why the page is blank, or null: asked after a step failed. */
    private readonly blank: () => Promise<string | null>,
    /** Opens the cell's link again after the page went blank, so the later steps are still seen. */
    private readonly reopen: () => Promise<void>,
  ) {}

  /** Runs `body` as step `name`, unless a step it needs has failed or the page went blank. */
  async step(name: string, body: () => Promise<void>, needs: readonly string[] = []): Promise<void> {
    const missing = needs.filter((n) => this.failed.has(n));
    if (missing.length > 0 || this.blankAfter !== null) {
      this.failed.add(name);
      this.note(NOT_APPLICABLE, `${name}: not run, ${this.blankAfter !== null ? `the page is blank since ${this.blankAfter}` : `it needs ${missing.join(' and ')}`}`);
      return;
    }
    await test.step(`${this.title} · ${name}`, async () => {
      let cause: string | null = null;
      try {
        await body();
      } catch (error) {
        cause = describe(error);
      }
      const seen = this.errors.splice(0);
      if (seen.length > 0) cause = [cause, `${seen.length} console or page error(s): ${seen.slice(0, 3).join(' | ')}`].filter(Boolean).join('; ');
      if (cause === null) return;
      this.fail(name, cause);
      if ((await this.blank().catch(() => 'the page is gone')) === null) return;
      try {
        await this.reopen();
        this.note(NOT_APPLICABLE, `${name}: the page went blank; the cell's link was opened again for the next steps`);
      } catch (error) {
        this.blankAfter = name;
        this.note(NOT_APPLICABLE, `${name}: the page went blank and the cell's link did not open again (${describe(error)})`);
      }
    });
  }

  /** A step this cell does not have (e.g. the course-page embed has no Model menu). */
  notApplicable(name: string, why: string): void {
    this.note(NOT_APPLICABLE, `${name}: ${why}`);
  }

  /** A sub-check that cannot run yet (what it waits for is named); never a pass. */
  pending(name: string, why: string): void {
    this.note(PENDING, `${name}: ${why}`);
  }

  /** Fails the test with every failed step, one line each. */
  finish(): void {
    if (this.lines.length > 0) throw new Error(`${this.lines.length} step(s) failed:\n${this.lines.join('\n')}`);
  }

  private fail(name: string, cause: string): void {
    this.failed.add(name);
    this.lines.push(`${this.title} · ${name}: ${cause}`);
    test.info().annotations.push({ type: FAILURE, description: `${this.title} · ${name}: ${cause}` });
  }

  private note(type: string, text: string): void {
    test.info().annotations.push({ type, description: `${this.title} · ${text}` });
  }
}

/** An error's message on one line, without Playwright's call log and colour codes. */
function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  const head = plain.split(/\n\s*Call log:/i)[0];
  // expect's own message repeats the one the test gave: kept once.
  const line = head.replace(/\s*\n\s*/g, ' ').trim().replace(/^(.{12,}?) \1/, '$1');
  return line.slice(0, 600);
}
