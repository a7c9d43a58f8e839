/**
 * `sim study convergence|alpha-sweep|rho-sweep …`: the paper's many-run studies (Sherif et al. 2019 Figs. 2,
 * 9, 5, 10) headless, their independent runs on worker threads (./studyPool.ts), one per core.
 * A run that fails inside a study is a result (a row with its failure text), because "α = 0
 * diverges" is what a sweep is for; only a failed reference makes the whole study meaningless
 * (exit 3).
 */
import type { StudyProgress } from '../solver/studies/convergenceStudy';
import { EXIT_BAD_INPUT, EXIT_OK, EXIT_SOLVER_FAILED, printError } from './exitCodes';
import { parseStudyArgs, studyInputsWanted, type StudyOptions } from '../scenario/studyArgs';
// Loading it installs the reader of user models (`--model`, links with a model).
import '../scenario/custom';
import { scenarioOf } from '../scenario/registry';
import { buildScenario } from '../scenario/build';
import { ModelError } from '../modelfile/scope';
import { modelIssueLine } from '../scenario/flags';
import { readSimInputs } from './modelInput';
import { referenceText, studyFailureText } from '../run/studyTasks';
import { runStudyInThreads } from './studyPool';
import { formatStudy } from '../run/studyFormat';
import { studyHelpText } from './studyHelp';
import { ReferenceRunFailed } from '../solver/studies/convergenceStudy';

/**
 * One stderr line per run as it starts, and one at the end. Only for a terminal or `--progress`,
 * so scripts and tests that capture stderr see nothing but errors.
 */
export function progressLines(write: (line: string) => void, options: StudyOptions, now: () => number = () => performance.now()): StudyProgress {
  const start = now();
  const seconds = () => ((now() - start) / 1000).toFixed(1);
  return (done, total, label) => {
    if (done >= total) {
      write(`study: ${total}/${total} done in ${seconds()} s\n`);
      return;
    }
    const what = label === 'reference' && options.kind === 'convergence'
      ? `reference (${referenceText(options.reference)})`
      : label;
    write(`study: ${done + 1}/${total} ${what} (${seconds()} s elapsed)\n`);
  };
}

/** Runs the study on all cores and returns the text to print. */
async function runStudy(options: StudyOptions, progress: StudyProgress): Promise<string> {
  return formatStudy(options, await runStudyInThreads(options, progress));
}

/**
 * Whether the study's model can be built with its values (a user's model, or `--set` values that pass the bounds but
 * cannot be assembled); if not, the one line naming where, as `sim` writes it, and false: bad input, before any run.
 */
function modelBuilds(options: StudyOptions): boolean {
  const def = scenarioOf(options);
  if (!def) throw new Error(`no scenario '${options.scenario}'`);
  try {
    buildScenario(def, options.values);
    return true;
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    printError(modelIssueLine(options.modelSource ?? `model ${def.id}`, { path: error.path, message: error.detail }));
    return false;
  }
}

/** `sim study …` (argv without `study`); resolves to the exit code. */
export async function runStudyCommand(argv: readonly string[]): Promise<number> {
  const command = parseStudyArgs(argv, await readSimInputs(studyInputsWanted(argv)));
  if (command.kind === 'help') {
    process.stdout.write(studyHelpText());
    return EXIT_OK;
  }
  if (command.kind === 'error') {
    printError(command.issue.message);
    for (const line of command.details ?? []) printError(line);
    return EXIT_BAD_INPUT;
  }
  const { options } = command;
  if (!modelBuilds(options)) return EXIT_BAD_INPUT;
  const showProgress = options.progress || process.stderr.isTTY === true;
  const progress = showProgress ? progressLines((line) => process.stderr.write(line), options) : () => {};
  let text: string;
  try {
    text = await runStudy(options, progress);
  } catch (error) {
    if (error instanceof ReferenceRunFailed) {
      printError(`study: ${studyFailureText(options, error)}`);
      return EXIT_SOLVER_FAILED;
    }
    throw error;
  }
  process.stdout.write(text);
  return EXIT_OK;
}
