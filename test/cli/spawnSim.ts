/**
 * Runs the `sim` command as a user does (a child process). The local tsx binary is used instead of
 * `npx tsx` so npm's own notices cannot reach stderr.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');

export interface SimResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function sim(...args: string[]): Promise<SimResult> {
  return new Promise((done) => {
    execFile(TSX, ['src/cli/sim.ts', ...args], { cwd: ROOT, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      done({ code, stdout, stderr });
    });
  });
}
