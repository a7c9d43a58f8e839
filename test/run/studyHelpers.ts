/** Helpers of the study tests: options from a `sim study` command line, and points as bits. */
import { parseStudyArgs, type StudyOptions } from '../../src/scenario/studyArgs';

/** The options `sim study` parses from argv (throws on anything but a study to run). */
export function studyOptions(argv: string[]): StudyOptions {
  const parsed = parseStudyArgs(argv);
  if (parsed.kind !== 'run') throw new Error(JSON.stringify(parsed));
  return parsed.options;
}

/** Every number of the points as its 64 bits (NaN, −0 and the last bit included), with the text fields. */
export function bits(value: unknown): unknown {
  if (typeof value === 'number') return new BigUint64Array(Float64Array.of(value).buffer)[0].toString(16);
  if (Array.isArray(value)) return value.map(bits);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bits(v)]));
  return value;
}
