import { existsSync } from 'node:fs';
import { startPreview } from './server';
import { buildSimBundle } from '../test/support/simBundle';

/** Serves dist/ for the whole run (tests read the address from E2E_BASE_URL) and builds `sim`'s bundle. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run e2e` (it builds first) or `npm run build`');
  buildSimBundle();
  const server = await startPreview();
  process.env.E2E_BASE_URL = server.url;
  return server.close;
}
