/**
 * A study split for a batch system (SPEC §3): `sim study KIND … --shard K/N` computes the K-th of N disjoint parts
 * and prints it as a part document; `sim study merge FILE…` joins the parts into the table one unsharded run
 * prints, to the bit. The units a study splits into (studyUnitCount): the runs of a sweep or a damping scan; the runs (method, h) of
 * a convergence study, whose errors need the reference, so every part computes it and keeps only the errors (the
 * observed orders, which compare a method's steps, are taken when the parts are joined); the methods of a stability
 * study, whose refinement rounds depend on the rounds before. Part K takes units K−1, K−1+N, …: every part gets a
 * share of the dear small steps. The numbers travel as JSON, non-finite ones and −0 spelled out, so they come back
 * to the bit. No Node or browser API here: `sim` reads and writes the files.
 */
import {
  convergenceRuns, pointsWithOrders, runErrors, sweepPoint, sweepRuns, checkReference,
  type AlphaSweepPoint, type ConvergenceSettings, type FinalSample, type PrimarySeries, type RhoSweepPoint, type RunErrors,
} from '../solver/studies/convergenceStudy';
import type { StabilityOutcome, StabilityPoint } from '../solver/studies/stabilityStudy';
import { dampingScanPoints, dampingScanRuns, type DampingScanPoint } from '../solver/studies/dampingScan';
import { STUDY_KINDS, studyUnitCount, type Shard, type StudyOptions } from '../scenario/studyArgs';
import { OUTPUT_FORMATS, type OutputFormat } from '../scenario/flags';
import { stabilityJob, studyTaskOf, type StudyJob, type StudyPoints } from './studyTasks';

/** What a part computed for one unit: a convergence run's errors, a sweep's or a damping scan's point, a stability study's method. */
export type UnitResult = RunErrors | AlphaSweepPoint | RhoSweepPoint | StabilityPoint | DampingScanPoint;

/** The version of the part document; `merge` refuses another. */
export const PART_FORMAT = 'hht-study-part/1';

/** The units of part K of N among `count`: K−1, K−1+N, K−1+2N, … */
export function shardUnits(count: number, shard: Shard): number[] {
  const units: number[] = [];
  for (let u = shard.part - 1; u < count; u += shard.parts) units.push(u);
  return units;
}

function convergenceSettings(options: Extract<StudyOptions, { kind: 'convergence' }>): ConvergenceSettings {
  const { methods, alpha, rho, steps, tEnd, sampleDt, reference } = options;
  return { methods, alpha, rho, steps, tEnd, sampleDt, reference };
}

/** The job of one part: the tasks of its units (a convergence part: the reference first), its results by unit. */
export function shardJob(options: StudyOptions, shard: Shard): StudyJob<UnitResult[]> {
  const units = shardUnits(studyUnitCount(options), shard);
  if (options.kind === 'stability') {
    const job = stabilityJob({ ...options, methods: units.map((u) => options.methods[u]) });
    return { ...job, assemble: (results) => (job.assemble(results) as Extract<StudyPoints, { kind: 'stability' }>).points };
  }
  if (options.kind === 'convergence') {
    const runs = convergenceRuns(convergenceSettings(options));
    const chosen = [runs[0], ...units.map((u) => runs[1 + u])];
    return {
      tasks: chosen.map((run) => studyTaskOf(options, run.settings, 'series')),
      labels: chosen.map((run) => run.label),
      check: (index, result) => { if (index === 0) checkReference(result as PrimarySeries); },
      assemble: (results) => {
        const [ref, ...rest] = results as PrimarySeries[];
        return rest.map((run) => runErrors(ref, run));
      },
    };
  }
  if (options.kind === 'damping-scan') {
    const runs = dampingScanRuns(options);
    const chosen = units.map((u) => runs[u]);
    return {
      tasks: chosen.map(({ run }) => studyTaskOf(options, run.settings, 'stability', options.bounds)),
      labels: chosen.map(({ run }) => run.label),
      check: () => {},
      assemble: (results) => dampingScanPoints(chosen, results as StabilityOutcome[]),
    };
  }
  const key = options.kind === 'alpha-sweep' ? 'alpha' : 'rho';
  const runs = sweepRuns(key, options.methods, options.kind === 'alpha-sweep' ? options.alphas : options.rhos, options.h, options.tEnd);
  const chosen = units.map((u) => runs[u]);
  return {
    tasks: chosen.map((run) => studyTaskOf(options, run.settings, 'final')),
    labels: chosen.map((run) => run.label),
    check: () => {},
    assemble: (results) => chosen.map((run, k) => sweepPoint(key, run, results[k] as FinalSample)),
  };
}

/** The settings that make two parts parts of the same study: what the options say, but where the model came from, how to print and which part. */
function studyOf(options: StudyOptions): Record<string, unknown> {
  const { format: _format, progress: _progress, modelSource: _source, shard: _shard, model, ...rest } = options;
  return { ...rest, ...(model ? { model: { text: model.text } } : {}) };
}

/** JSON for numbers to the bit: NaN, ±Infinity and −0 as {"number": "…"} (JSON has no spelling for them). */
function encodeNumbers(_key: string, value: unknown): unknown {
  if (typeof value !== 'number') return value;
  if (Number.isFinite(value) && !Object.is(value, -0)) return value;
  return { number: Object.is(value, -0) ? '-0' : String(value) };
}

function decodeNumbers(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value);
  if (entries.length !== 1 || entries[0][0] !== 'number' || typeof entries[0][1] !== 'string') return value;
  const text = entries[0][1];
  return text === '-0' ? -0 : text === 'NaN' ? NaN : text === 'Infinity' ? Infinity : text === '-Infinity' ? -Infinity : value;
}

/** The part document `sim study … --shard K/N` prints: the study, which part, its units and their results. */
export function partText(options: StudyOptions, shard: Shard, results: readonly UnitResult[]): string {
  const units = shardUnits(studyUnitCount(options), shard);
  const part = { part: PART_FORMAT, shard: [shard.part, shard.parts], format: options.format, study: studyOf(options), units, results };
  return `${JSON.stringify(part, encodeNumbers)}\n`;
}

/** A part document read back. */
export interface StudyPart {
  readonly shard: Shard;
  readonly format: OutputFormat;
  readonly study: Record<string, unknown>;
  readonly units: readonly number[];
  readonly results: readonly UnitResult[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isWhole = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** A part document's text read back, or why it is not one (one sentence). */
export function readPart(text: string): StudyPart | string {
  let doc: unknown;
  try {
    doc = JSON.parse(text, decodeNumbers);
  } catch {
    return 'not a study part (not JSON): write it with sim study … --shard K/N';
  }
  if (!isRecord(doc) || doc.part !== PART_FORMAT) return `not a study part (expected "part": "${PART_FORMAT}"): write it with sim study … --shard K/N`;
  const { shard, format, study, units, results } = doc;
  if (!Array.isArray(shard) || shard.length !== 2 || !isWhole(shard[0]) || !isWhole(shard[1]) || shard[0] < 1 || shard[0] > shard[1]) return 'its "shard" is not [K, N]';
  if (!(OUTPUT_FORMATS as readonly unknown[]).includes(format)) return 'its "format" is not csv or json';
  if (!isRecord(study) || !(STUDY_KINDS as readonly unknown[]).includes(study.kind) || !Array.isArray(study.methods)) return 'its "study" is not a study';
  if (!Array.isArray(units) || !units.every(isWhole) || !Array.isArray(results) || results.length !== units.length || !results.every(isRecord)) {
    return 'its "units" and "results" do not match';
  }
  return { shard: { part: shard[0], parts: shard[1] }, format: format as OutputFormat, study, units, results: results as UnitResult[] };
}

/** The whole study from its parts, every part once: its options (printing in `format`) and points; or why not. */
export function mergeParts(parts: readonly StudyPart[], format?: OutputFormat): { readonly options: StudyOptions; readonly points: StudyPoints } | string {
  const [first] = parts;
  if (!first) return 'no parts given';
  const study = JSON.stringify(first.study);
  const total = first.shard.parts;
  const name = (part: StudyPart) => `part ${part.shard.part}/${part.shard.parts}`;
  const seen = new Set<number>();
  for (const part of parts) {
    if (JSON.stringify(part.study) !== study) return `${name(part)} is a part of another study than ${name(first)}`;
    if (part.shard.parts !== total) return `${name(part)} splits the study into ${part.shard.parts} parts, ${name(first)} into ${total}`;
    if (seen.has(part.shard.part)) return `${name(part)} is given twice`;
    seen.add(part.shard.part);
  }
  const missing = Array.from({ length: total }, (_, k) => k + 1).filter((k) => !seen.has(k));
  if (missing.length > 0) return `part${missing.length === 1 ? '' : 's'} ${missing.map((k) => `${k}/${total}`).join(', ')} missing`;
  const options = { ...first.study, format: format ?? first.format, progress: false } as unknown as StudyOptions;
  const count = studyUnitCount(options);
  const byUnit: UnitResult[] = new Array(count);
  for (const part of parts) {
    const expected = shardUnits(count, part.shard);
    if (JSON.stringify(expected) !== JSON.stringify(part.units)) return `${name(part)} does not hold the units of its place`;
    part.units.forEach((u, k) => (byUnit[u] = part.results[k]));
  }
  return { options, points: pointsOf(options, byUnit) };
}

/** The study's points from every unit's result: a convergence study's observed orders are taken here. */
function pointsOf(options: StudyOptions, results: readonly UnitResult[]): StudyPoints {
  if (options.kind === 'convergence') return { kind: 'convergence', points: pointsWithOrders(convergenceSettings(options), results as RunErrors[]) };
  if (options.kind === 'stability') return { kind: 'stability', points: results as StabilityPoint[] };
  return { kind: options.kind, points: results } as StudyPoints;
}
