/**
 * Messages between the page and the study worker. A study is one synchronous computation of
 * many runs (solver/studies/convergenceStudy.ts); it reports progress between runs, and the
 * page cancels it by terminating the worker.
 */
import type { AlphaSweepPoint, ConvergencePoint } from '../solver/studies/convergenceStudy';
import type { StudyOptions } from '../scenario/studyArgs';

/** Page → worker: run a study with options validated by parseStudyArgs (the `sim study` parser). */
export interface StudyRequest {
  readonly kind: 'run-study';
  readonly id: number;
  readonly options: StudyOptions;
}

export type StudyReply =
  | { readonly kind: 'progress'; readonly id: number; readonly done: number; readonly total: number; readonly label: string }
  | { readonly kind: 'convergence'; readonly id: number; readonly points: ConvergencePoint[] }
  | { readonly kind: 'alpha-sweep'; readonly id: number; readonly points: AlphaSweepPoint[] }
  | { readonly kind: 'failed'; readonly id: number; readonly reason: string };
