/**
 * `sim study convergence|alpha-sweep|rho-sweep|stability …`: the paper's many-run studies (Sherif et al. 2019 Figs. 2,
 * 9, 5, 10) and the largest stable step headless, on any model, their independent runs on worker threads
 * (./studyPool.ts), one per core; `--shard K/N` computes one part of a study and `sim study merge` joins the parts
 * (../run/studyShards.ts).
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
import { runJobInThreads, runStudyInThreads } from './studyPool';
import { mergeParts, partText, readPart, shardJob, type StudyPart } from '../run/studyShards';
import { fail, InputError, parseFormatFlag, type OutputFormat } from '../scenario/flags';
import { quoteText } from '../scenario/validate';
import { readFile, stat } from 'node:fs/promises';
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

/** Runs the study (or its part, `--shard`) on all cores and returns the text to print. */
async function runStudy(options: StudyOptions, progress: StudyProgress): Promise<string> {
  if (options.shard) return partText(options, options.shard, await runJobInThreads(shardJob(options, options.shard), progress));
  return formatStudy(options, await runStudyInThreads(options, progress));
}

/** Largest part file `merge` reads: a part holds its study (a model's text included) and its results. */
const MAX_PART_BYTES = 64 * 1024 * 1024;

/** A part file read and checked, or the one line saying why not. */
async function readPartFile(file: string): Promise<StudyPart | string> {
  try {
    if ((await stat(file)).size > MAX_PART_BYTES) return `${file}: larger than ${MAX_PART_BYTES} bytes; not a study part`;
    const part = readPart(await readFile(file, 'utf8'));
    return typeof part === 'string' ? `${file}: ${part}` : part;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return `${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot be read (${code ?? (error as Error).message})`}`;
  }
}

/** The words after `merge`: the part files, and `--format` (bad input is an InputError). */
function mergeArgs(argv: readonly string[]): { files: string[]; format?: OutputFormat } {
  const files: string[] = [];
  let format: OutputFormat | undefined;
  for (let k = 0; k < argv.length; k++) {
    const word = argv[k];
    if (word === '--format' || word.startsWith('--format=')) {
      const value = word === '--format' ? argv[++k] : word.slice('--format='.length);
      if (value === undefined) fail('--format', '--format needs a value (see sim study --help)');
      format = parseFormatFlag(value);
    } else if (word.startsWith('-')) {
      fail(word, `unknown option ${quoteText(word)} of study merge (see sim study --help)`);
    } else {
      files.push(word);
    }
  }
  return { files, format };
}

/**
 * `sim study merge [--format csv|json] FILE…`: the parts of one study (`--shard K/N`, every K once) joined into the
 * table one unsharded run prints, to the bit, in the format the parts were asked for unless --format says otherwise.
 */
async function runMergeCommand(argv: readonly string[]): Promise<number> {
  let read: { files: string[]; format?: OutputFormat };
  try {
    read = mergeArgs(argv);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    printError(error.issue.message);
    return EXIT_BAD_INPUT;
  }
  const { files, format } = read;
  if (files.length === 0) {
    printError('study merge needs the part files: sim study merge PART1 PART2 … (written by sim study … --shard K/N)');
    return EXIT_BAD_INPUT;
  }
  const parts: StudyPart[] = [];
  for (const file of files) {
    const part = await readPartFile(file);
    if (typeof part === 'string') {
      printError(`study merge: ${part}`);
      return EXIT_BAD_INPUT;
    }
    parts.push(part);
  }
  const merged = mergeParts(parts, format);
  if (typeof merged === 'string') {
    printError(`study merge: ${merged}`);
    return EXIT_BAD_INPUT;
  }
  process.stdout.write(formatStudy(merged.options, merged.points));
  return EXIT_OK;
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
  if (argv[0] === 'merge' && !argv.some((word) => word === '--help' || word === '-h')) return runMergeCommand(argv.slice(1));
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
