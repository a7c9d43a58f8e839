/** `sim` as `npm run sim` runs it (test/support/simBundle.ts), started from a test. */
import { execFileSync, spawnSync, type ExecFileSyncOptions, type SpawnSyncReturns } from 'node:child_process';
import { buildSimBundle, SIM_BUNDLE as BUNDLE } from '../test/support/simBundle';

/** Output large enough for a 20,000-step CSV; stderr (a user model's notices) kept out of the test log. */
const OPTIONS: ExecFileSyncOptions = { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] };

/** What `sim` with these arguments writes to stdout, as text; throws when it exits with a status other than 0. */
export function sim(args: readonly string[]): string {
  return execFileSync(process.execPath, [BUNDLE, ...args], { ...OPTIONS, encoding: 'utf8' });
}

/** What `sim` with these arguments writes to stdout, as bytes. */
export function simBytes(args: readonly string[]): Buffer {
  return execFileSync(process.execPath, [BUNDLE, ...args], { ...OPTIONS, encoding: 'buffer' });
}

/** `sim` with these arguments, whatever its exit status: status, stdout and stderr. */
export function simRun(args: readonly string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [BUNDLE, ...args], { ...OPTIONS, encoding: 'utf8' });
}

/** The arguments of a `sim …` command as the app shows it (`npm run --silent sim -- …`; the link single-quoted). */
export function commandArgs(command: string): string[] {
  const words: string[] = [];
  // Words and single-quoted words as a POSIX shell splits them ('\'' is a quote inside one).
  for (const match of command.replace(/^npm run --silent sim -- /, 'sim ').matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)) {
    words.push(match[1] !== undefined ? match[1].replace(/'\\''/g, "'") : match[2]);
  }
  return words.slice(1);
}
