/**
 * Exit codes of `sim` and `sim study` (SPEC §3), in one place so both commands agree and scripts
 * can tell bad input (fix the command) from a solver failure (change the numerics).
 */
export const EXIT_OK = 0;
/** A bug or an unwritable output; never expected. */
export const EXIT_INTERNAL = 1;
export const EXIT_BAD_INPUT = 2;
export const EXIT_SOLVER_FAILED = 3;

/** Every error is one line on stderr prefixed with the command, never a stack trace. */
export function printError(message: string): void {
  process.stderr.write(`sim: ${message}\n`);
}

/** A line that is not an error: what preparing a model did (`notice`), a `warning`, the run's `summary`. */
export function printNotice(kind: 'notice' | 'warning' | 'summary', message: string): void {
  process.stderr.write(`sim: ${kind}: ${message}\n`);
}
