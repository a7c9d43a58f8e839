/**
 * Which headless Chromium the end-to-end tests drive, in this order: $CHROMIUM_PATH, else
 * /usr/bin/chromium if it exists, else the build shipped inside the @sparticuz/chromium npm
 * package (unpacked on first use), so `npm run e2e` works on a fresh machine with nothing
 * installed by hand and without downloading a browser.
 */
import { existsSync } from 'node:fs';

/** Flags passed whatever the browser: no sandbox (root in containers), no GPU, no background traffic. */
export const COMMON_CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export interface ChromiumLaunch {
  readonly executablePath: string;
  readonly args: string[];
  /** Where it came from, for the test log. */
  readonly source: 'CHROMIUM_PATH' | '/usr/bin/chromium' | '@sparticuz/chromium';
}

export async function resolveChromium(): Promise<ChromiumLaunch> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return { executablePath: fromEnv, args: [...COMMON_CHROMIUM_ARGS], source: 'CHROMIUM_PATH' };
  if (existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', args: [...COMMON_CHROMIUM_ARGS], source: '/usr/bin/chromium' };
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const executablePath = await sparticuz.executablePath();
  // Its own flags select SwiftShader for WebGL. Dropped: the headless mode (Playwright sets
  // it) and --single-process (made for one-page serverless runs: closing a page or context
  // there takes the whole browser down).
  const own = sparticuz.args.filter((arg) => !arg.startsWith('--headless') && arg !== '--single-process');
  return { executablePath, args: [...own, ...COMMON_CHROMIUM_ARGS], source: '@sparticuz/chromium' };
}
