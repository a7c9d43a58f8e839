/**
 * Runs the `sim` command as a user does (a child process): the bundle `npm run sim` runs, started with node itself
 * so that npm's own notices cannot reach stderr.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { SIM_BUNDLE } from '../support/simBundle';

const ROOT = resolve(__dirname, '../..');

export interface SimResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function sim(...args: string[]): Promise<SimResult> {
  return simWithin(0, ...args);
}

/** `sim` killed after `timeoutMs` (0: never): a command that might hang ends with code -1 instead of hanging the test. */
export function simWithin(timeoutMs: number, ...args: string[]): Promise<SimResult> {
  return new Promise((done) => {
    execFile(process.execPath, [SIM_BUNDLE, ...args], { cwd: ROOT, maxBuffer: 64 << 20, timeout: timeoutMs }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      done({ code, stdout, stderr });
    });
  });
}


/**
 * Runs each argument list and checks SPEC §3's contract for bad input: exit code 2, nothing on stdout,
 * exactly one stderr line matching the pattern.
 */
export async function expectBadInput(cases: readonly (readonly [readonly string[], RegExp])[]): Promise<void> {
  const results = await Promise.all(cases.map(([argv]) => sim(...argv)));
  results.forEach((result, k) => {
    expect(result.code, cases[k][0].join(' ')).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(cases[k][1]);
  });
}

/** `sim` with `input` on its standard input (for `--model -`). */
export function simWithInput(input: string, ...args: string[]): Promise<SimResult> {
  return new Promise((done) => {
    const child = execFile(process.execPath, [SIM_BUNDLE, ...args], { cwd: ROOT, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      done({ code, stdout, stderr });
    });
    child.stdin?.end(input);
  });
}
