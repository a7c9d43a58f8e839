/**
 * Where the lesson stands: a small store of its own (the lesson and the 1-based step), the
 * actions that move between steps (each opens the step's scenario, projector mode kept), and
 * the lesson keys the page link carries after the scenario's own keys.
 */
import { createStore } from 'zustand/vanilla';
import { decodeShareQuery } from '../../scenario/url';
import { appStore, openShareQuery } from '../store';
import { openLink } from '../models';
import { findLesson, lessonFromLink, type Lesson } from './lessons';

export interface LessonPosition {
  /** The open lesson's id, or null outside lesson mode. */
  readonly lesson: string | null;
  /** 1-based step. */
  readonly step: number;
}

export const lessonStore = createStore<LessonPosition>()(() => ({ lesson: null, step: 1 }));

export function currentLesson(position: LessonPosition = lessonStore.getState()): Lesson | undefined {
  return position.lesson === null ? undefined : findLesson(position.lesson);
}

/**
 * Opens step `step` of `lesson`: its scenario as if its link had been opened (any model: a shipped one, or a user's
 * model carried by the step's link), projector mode kept. Resolves when the step is open.
 */
export async function openLessonStep(lesson: Lesson, step: number): Promise<void> {
  const target = lesson.steps[step - 1];
  if (!target) return;
  const projector = appStore.getState().view.projector;
  const request = ++stepRequests;
  await openLink(target.query);
  // The Studies tab's state is its own chunk, loaded with the tab (deferred.ts).
  const studies = target.study ? await import('../studies') : null;
  // A later step asked for meanwhile wins.
  if (request !== stepRequests) return;
  appStore.setState({ view: { ...appStore.getState().view, projector, preset: null } });
  if (target.study) studies?.setStudyKind(target.study, appStore.getState().state);
  lessonStore.setState({ lesson: lesson.id, step });
}

/** Steps asked for so far: only the latest one opens when its link has to load a model first. */
let stepRequests = 0;

/** Moves by `delta` steps within the open lesson (no-op at either end or outside a lesson). */
export function moveLessonStep(delta: number): void {
  const lesson = currentLesson();
  if (!lesson) return;
  const step = lessonStore.getState().step + delta;
  if (step >= 1 && step <= lesson.steps.length) void openLessonStep(lesson, step);
}

export function startLesson(id: string): void {
  const lesson = findLesson(id);
  if (lesson) void openLessonStep(lesson, 1);
}

export function exitLesson(): void {
  lessonStore.setState({ lesson: null, step: 1 });
}

/**
 * Reads the lesson keys of the opened link (after openShareQuery has read the scenario). A good
 * lesson link keeps the link's own scenario (it is the step's, or the lecturer's edit of it);
 * an unknown lesson or step is named in the notice and the default scenario opened.
 */
export function openLessonFromQuery(query: string): void {
  const { view } = decodeShareQuery(query);
  const link = lessonFromLink(view.lesson, view.step);
  if (link.kind === 'ok') {
    lessonStore.setState({ lesson: link.lesson.id, step: link.step });
    const study = link.lesson.steps[link.step - 1].study;
    if (study) void import('../studies').then((m) => m.setStudyKind(study, appStore.getState().state));
    return;
  }
  if (link.kind === 'none') return;
  const { view: current, notice } = appStore.getState();
  openShareQuery('v=1');
  appStore.setState({
    view: { ...appStore.getState().view, projector: current.projector },
    notice: { issues: [...(notice?.issues ?? []), { key: 'lesson', message: link.message }] },
  });
  lessonStore.setState({ lesson: null, step: 1 });
}

/** The lesson keys appended to the page link ('' outside a lesson), e.g. '&lesson=numerical-damping&step=2'. */
export function lessonQuery(position: LessonPosition = lessonStore.getState()): string {
  return position.lesson === null ? '' : `&lesson=${position.lesson}&step=${position.step}`;
}
