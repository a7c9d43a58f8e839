/**
 * A damping scan kept in a model file: the section is added as the file's last key (or replaces the one there), every
 * other byte of the hand-formatted file kept, and the file still reads (its schema knows `measured`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withDampingScan } from '../../src/run/dampingScanSection';
import { readModelText } from '../../src/modelfile/read';

const section = {
  h: 0.01, tEnd: 10, alphaStep: 0.01, rhoStep: 0.05,
  unstable: { classical: [{ from: -0.05, to: 0, modes: ['euler-velocity'], firstFailure: 1.28 }], modified: [] },
  command: 'npm run --silent sim -- study damping-scan --scenario spin',
};

describe('withDampingScan', () => {
  const original = readFileSync('models/spin.json', 'utf8');
  const bare = original.includes('"measured"') ? original.slice(0, original.indexOf(',\n  "measured"')) + '\n}\n' : original;

  it('adds the section as the last key and keeps every other byte', () => {
    const text = withDampingScan(bare, section);
    expect(text.startsWith(bare.slice(0, bare.lastIndexOf('}')).trimEnd())).toBe(true);
    expect(JSON.parse(text).measured.dampingScan).toEqual(section);
    const read = readModelText(text);
    expect(read.ok, read.ok ? '' : JSON.stringify(read.issues)).toBe(true);
  });

  it('replaces a section already there (the same text twice over)', () => {
    const once = withDampingScan(bare, section);
    expect(withDampingScan(once, section)).toBe(once);
    const other = withDampingScan(once, { ...section, h: 0.005 });
    expect(JSON.parse(other).measured.dampingScan.h).toBe(0.005);
    expect(other.split('"measured"')).toHaveLength(2);
  });
});
