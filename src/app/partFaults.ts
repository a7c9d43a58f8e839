/**
 * Parts of the page asked to fail, by name (PartBoundary's `part`): the end-to-end tests' way to throw inside one
 * part and see its error boundary (window.__hht.failPart). Nothing else sets it, so in use no part ever fails here.
 */
import { createStore } from 'zustand/vanilla';

export const partFaults = createStore<{ readonly failing: ReadonlySet<string> }>()(() => ({ failing: new Set() }));

/** Makes the part named `part` throw at its next render (`fail` false: stop). */
export function failPart(part: string, fail = true): void {
  const failing = new Set(partFaults.getState().failing);
  if (fail) failing.add(part);
  else failing.delete(part);
  partFaults.setState({ failing });
}

/** The error a part asked to fail throws. */
export class PartFault extends Error {
  constructor(part: string) {
    super(`${part} was asked to fail`);
    this.name = 'PartFault';
  }
}
