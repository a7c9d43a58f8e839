/**
 * `sim`: run one scenario headless and print samples (SPEC §3); `sim study …` runs a study (study.ts).
 * Exit codes: 0 finished, 2 bad input, 3 solver failure, 1 internal error; every error is
 * one line on stderr, never a stack trace.
 */
import type { RunStatus } from '../solver/simulate';
import { scenarioOf } from '../scenario/registry';
import { formatNumber } from '../scenario/validate';
import type { BuiltModel } from '../scenario/build';
import { removedResidualText } from '../scenario/preparationText';
import { preparationSentences } from '../modelfile/report';
import { modelFactsOf, removedResidualOf, type ModelFacts } from '../run/modelFacts';
import { ModelError } from '../modelfile/scope';
import { solverSettings } from '../run/plan';
import { createSimulation } from '../run/simulation';
import { gridSink } from '../run/sampleGrid';
import { inputsWanted, modelIssueLine, parseSimArgs, type SimOptions } from './args';
import { ChunkedOutput, runWriter } from './format';
import { readSimInputs } from './modelInput';
import { EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_OK, EXIT_SOLVER_FAILED, printError, printNotice } from './exitCodes';
import { helpText } from './help';
import { runStudyCommand } from './study';
import { buildScenario } from '../scenario/build';

/** Steps per `advance` call: large enough to amortise the loop, small enough to flush output regularly. */
const STEPS_PER_CHUNK = 5_000;

/**
 * The model of the run, prepared (assembled, redundant equations removed), or null when it cannot be built with
 * these values (a ModelError, written as one line naming where).
 */
function buildModel(options: SimOptions): BuiltModel | null {
  const def = scenarioOf(options.plan)!;
  try {
    return buildScenario(def, options.values);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    printError(modelIssueLine(options.modelSource ?? `model ${def.id}`, { path: error.path, message: error.detail }));
    return null;
  }
}

/** What preparing the model did and what it warns of, one line each on stderr (SPEC §8); also for `--format json`. */
function modelFacts(built: BuiltModel): ModelFacts {
  const facts = modelFactsOf(built);
  for (const line of preparationSentences(facts.preparation)) printNotice('notice', line);
  for (const warning of facts.warnings) printNotice('warning', warning);
  return facts;
}

/** Runs the simulation, streaming rows; rows computed before a failure are still written. */
async function runAndPrint(options: SimOptions): Promise<number> {
  const built = buildModel(options);
  if (!built) return EXIT_BAD_INPUT;
  const facts = modelFacts(built);
  const { plan } = options;
  const simulation = createSimulation(built.model, solverSettings(plan, plan.methods[0], 'grid'));
  const out = new ChunkedOutput(process.stdout);
  const writer = runWriter(out, options, facts);
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
    }, removedResidualOf(simulation.removedEquations));
  } finally {
    await out.flush();
  }
  const removed = removedResidualOf(simulation.removedEquations);
  if (removed.count > 0) printNotice('summary', removedResidualText(removed));
  const failure = simulation.failure;
  if (status === 'failed' && failure) {
    printError(`solver failed at t = ${formatNumber(failure.time)}: ${failure.reason}`);
    return EXIT_SOLVER_FAILED;
  }
  return EXIT_OK;
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === 'study') return runStudyCommand(argv.slice(1));
  const command = parseSimArgs(argv, await readSimInputs(inputsWanted(argv)));
  if (command.kind === 'help') {
    process.stdout.write(helpText());
    return EXIT_OK;
  }
  if (command.kind === 'error') {
    printError(command.issue.message);
    for (const line of command.details ?? []) printError(line);
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
