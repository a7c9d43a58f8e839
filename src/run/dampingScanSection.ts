/**
 * A damping scan kept in its model file (`measured.dampingScan`, docs/model-format.md): each scanned method's
 * unstable intervals of α or ρ∞ at the scan's step, and the command that measured them. The section is written into
 * the file's text, the rest of the text left as it is (the shipped files are formatted by hand).
 */
import type { DampingScanOptions } from '../scenario/studyArgs';
import { unstableIntervals, type DampingScanPoint } from '../solver/studies/dampingScan';

/** Four significant digits for a failure time: enough to read, and the same text on every machine. */
const time = (t: number) => Number(t.toPrecision(4));

/** The `measured.dampingScan` object of a finished scan. */
export function dampingScanSection(options: DampingScanOptions, points: readonly DampingScanPoint[], command: string): Record<string, unknown> {
  const unstable = Object.fromEntries(options.methods.map((m) => [
    m,
    unstableIntervals(points, m).map((i) => ({ from: i.from, to: i.to, modes: i.modes, firstFailure: time(i.firstFailure) })),
  ]));
  return { h: options.h, tEnd: options.tEnd, alphaStep: options.alphaStep, rhoStep: options.rhoStep, unstable, command };
}

/** The section as the files write it: two-space indents, one line per method. */
function sectionText(section: Record<string, unknown>): string {
  const { unstable, ...rest } = section as { unstable: Record<string, unknown[]> } & Record<string, unknown>;
  const head = Object.entries(rest).filter(([key]) => key !== 'command').map(([key, value]) => `      ${JSON.stringify(key)}: ${JSON.stringify(value)},`);
  const methods = Object.entries(unstable).map(([m, intervals]) => `        ${JSON.stringify(m)}: ${JSON.stringify(intervals)}`);
  return [
    '  "measured": {',
    '    "dampingScan": {',
    ...head,
    '      "unstable": {',
    methods.join(',\n'),
    '      },',
    `      "command": ${JSON.stringify(section.command)}`,
    '    }',
    '  }',
  ].join('\n');
}

/**
 * The model file's text with its `measured` section replaced by one holding `section` (or added as the last key),
 * every other byte kept. Throws if the text is not a JSON object or its `measured` section is not the last key.
 */
export function withDampingScan(text: string, section: Record<string, unknown>): string {
  const doc = JSON.parse(text) as Record<string, unknown>;
  const keys = Object.keys(doc);
  const end = text.lastIndexOf('}');
  if (end < 0) throw new Error('a model file is a JSON object');
  let head = text.slice(0, end).trimEnd();
  if ('measured' in doc) {
    if (keys[keys.length - 1] !== 'measured') throw new Error('the "measured" section must be the last key of the file');
    const start = head.lastIndexOf('"measured"');
    head = head.slice(0, start).trimEnd().replace(/,$/, '');
  }
  return `${head},\n${sectionText(section)}\n}\n`;
}
