/**
 * `sim`: run one scenario headless and print samples (SPEC §3); `sim study …` runs a study (study.ts).
 * Exit codes: 0 finished, 2 bad input, 3 solver failure, 1 internal error; every error is
 * one line on stderr, never a stack trace.
 */
import type { RunStatus } from '../solver/simulate';
import { getScenario } from '../scenario/registry';
import { formatNumber } from '../scenario/validate';
import { solverSettings } from '../run/plan';
import { createSimulation } from '../run/simulation';
import { gridSink } from '../run/sampleGrid';
import { parseSimArgs, type SimOptions } from './args';
import { ChunkedOutput, runWriter } from './format';
import { EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_OK, EXIT_SOLVER_FAILED, printError } from './exitCodes';
import { helpText } from './help';
import { runStudyCommand } from './study';

/** Steps per `advance` call: large enough to amortise the loop, small enough to flush output regularly. */
const STEPS_PER_CHUNK = 5_000;

/** Runs the simulation, streaming rows; rows computed before a failure are still written. */
async function runAndPrint(options: SimOptions): Promise<number> {
  const def = getScenario(options.scenario);
  const model = def.buildModel(options.values);
  const { plan } = options;
  const simulation = createSimulation(model, solverSettings(plan, plan.methods[0], 'grid'));
  const out = new ChunkedOutput(process.stdout);
  const writer = runWriter(out, options);
  const sink = gridSink(plan, 'grid', (_row, _q, gridRow) => gridRow && writer.row(gridRow));
  writer.begin();
  let status: RunStatus = 'running';
  try {
    while (status === 'running') {
      status = simulation.advance(STEPS_PER_CHUNK, sink);
      if (out.full) await out.flush();
    }
    writer.end(status, simulation.failure, {
      steps: simulation.stepsDone,
      stepsRejected: simulation.stepsRejected,
      stepsCapped: simulation.stepsCapped,
      newtonIterations: simulation.totalIterations,
    });
  } finally {
    await out.flush();
  }
  const failure = simulation.failure;
  if (status === 'failed' && failure) {
    printError(`solver failed at t = ${formatNumber(failure.time)}: ${failure.reason}`);
    return EXIT_SOLVER_FAILED;
  }
  return EXIT_OK;
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === 'study') return runStudyCommand(argv.slice(1));
  const command = parseSimArgs(argv);
  if (command.kind === 'help') {
    process.stdout.write(helpText());
    return EXIT_OK;
  }
  if (command.kind === 'error') {
    printError(command.issue.message);
    return EXIT_BAD_INPUT;
  }
  return runAndPrint(command.options);
}

/** A reader closing the pipe early (`sim ... | head`) is not an error. */
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT_OK);
  printError(`cannot write output: ${error.message}`);
  process.exit(EXIT_INTERNAL);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    printError(`internal error: ${message.split('\n')[0]}`);
    process.exitCode = EXIT_INTERNAL;
  },
);
