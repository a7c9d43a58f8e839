/** Vitest's global setup: the `sim` bundle the CLI tests start (test/support/simBundle.ts). */
import { buildSimBundle } from './simBundle';

export default function setup(): void {
  buildSimBundle();
}
