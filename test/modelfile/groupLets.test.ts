/**
 * A repeated group's `let` (src/modelfile/expand.ts): an entry that reads no loop variable (nor an entry that does)
 * is computed once and reused by every copy; the values are those of computing every entry in every copy, in order —
 * also where a `let` name repeats a loop variable's, or an entry reads a name a later entry defines (it sees the
 * outer value).
 */
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/modelfile/compile';
import { operationsOf } from '../../src/modelfile/expressions';
import type { ModelDocument } from '../../src/modelfile/schema';

function positions(group: Record<string, unknown>, lets: Record<string, unknown> = {}): number[][] {
  const doc = {
    format: 'hht-model/1', title: 'lets', let: lets,
    groups: [{ ...group, bodies: [{ name: 'b{x}', mass: 1, inertia: [1, 1, 1], position: ['x', 'y', 'z'] }] }],
  } as unknown as ModelDocument;
  return compileModel(doc, {}).model.bodies.map((b) => [...b.position]);
}

describe("a group's let: computed once where it does not depend on the copy, the same values as per copy", () => {
  it('mixes copy-independent and copy-dependent entries', () => {
    const found = positions({ repeat: { k: [1, 2, 3] }, let: { a: 'c + 1', x: 'a + k', y: 'x * 2', e: 'a * 3', z: 'e' } }, { c: 10 });
    expect(found).toEqual([[12, 24, 33], [13, 26, 33], [14, 28, 33]]);
  });

  it('a let named like the loop variable hides it in every copy', () => {
    expect(positions({ repeat: { k: [1, 2] }, let: { x: 'k', k: '5', y: 'k', z: '0' } }).map((p) => p.slice(0, 2))).toEqual([[1, 5], [2, 5]]);
  });

  it('an entry that reads a name a later entry defines sees the outer value', () => {
    expect(positions({ repeat: { k: [1, 2] }, let: { x: 'q + k', q: '1', y: 'q', z: '0' } }, { q: 100 })).toEqual([[101, 1, 0], [102, 1, 0]]);
  });

  it('the copy-independent part costs its operations once, not once per copy', () => {
    const doc = (copies: number) => ({
      format: 'hht-model/1', title: 'lets',
      groups: [{
        repeat: { k: { from: 1, to: copies } },
        let: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`a${i}`, i === 0 ? '1' : `a${i - 1} + 1`])),
      }],
      bodies: [{ name: 'b', mass: 1, inertia: [1, 1, 1] }],
    }) as unknown as ModelDocument;
    const one = operationsOf(() => compileModel(doc(1), {}));
    const thousand = operationsOf(() => compileModel(doc(1000), {}));
    // 100 entries of 3 operations once; then a few operations per copy (its loop variable), not 300.
    expect(thousand - one).toBeLessThan(999 * 10);
  });
});
