import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { exitLesson, lessonStore, moveLessonStep } from '../lessons/lessonStore';
import { findLesson } from '../lessons/lessons';
import { appStore } from '../store';

/** Whether a key press belongs to the element that has focus (text, sliders, selects, tabs). */
function keyBelongsToFocus(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="tablist"], dialog[open]')) return true;
  return ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}

/** → and ← step through the lesson, unless the focused control uses the arrow keys itself. */
function useLessonKeys(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || keyBelongsToFocus(e.target)) return;
      const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (delta === 0) return;
      e.preventDefault();
      moveLessonStep(delta);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}

/** Runs a step's own action: the study the step prepared, for the scenario on screen (the Studies tab shows it). */
function runStepAction(): void {
  void import('../studies').then((studies) => studies.startStudy(appStore.getState().state));
}

/**
 * Lesson mode: "Step n of N" with ← / → buttons, what to say in a few short sentences, the details behind "more",
 * the button a step asks for, and the element the step points at outlined (a style rule on its data-testid, so it
 * survives the plots' re-renders).
 */
export function LessonBar() {
  const position = useStore(lessonStore);
  const [more, setMore] = useState(false);
  const lesson = position.lesson === null ? undefined : findLesson(position.lesson);
  useLessonKeys(lesson !== undefined);
  // Each step starts with its details folded.
  useEffect(() => setMore(false), [position.lesson, position.step]);
  if (!lesson) return null;
  const step = lesson.steps[position.step - 1];
  const n = lesson.steps.length;
  const target = `[data-testid="${step.highlight.testId}"]`;
  return (
    <section className="lesson-bar" aria-labelledby="lesson-title" data-testid="lesson-bar">
      <style>{`${target} { outline: 4px solid var(--highlight); outline-offset: -2px; }`}</style>
      <h2 id="lesson-title">
        <span className="lesson-count" data-testid="lesson-step">
          Step {position.step} of {n}
        </span>{' '}
        {step.title}
      </h2>
      <p className="lesson-say" data-testid="lesson-narration">
        {step.say.join(' ')}
      </p>
      {step.action && (
        <button type="button" className="lesson-action" onClick={runStepAction} data-testid="lesson-action">
          ▶ {step.action.label}
        </button>
      )}
      <div className="lesson-foot">
        <button type="button" className="lesson-more-toggle" aria-expanded={more} aria-controls="lesson-more" onClick={() => setMore(!more)} data-testid="lesson-more-toggle">
          {more ? 'less' : 'more'}
        </button>
        <div className="lesson-buttons">
          <button type="button" onClick={() => moveLessonStep(-1)} disabled={position.step <= 1} data-testid="lesson-prev" aria-label="Previous step" aria-keyshortcuts="ArrowLeft">
            ← Back
          </button>
          <button type="button" onClick={() => moveLessonStep(1)} disabled={position.step >= n} data-testid="lesson-next" aria-label="Next step" aria-keyshortcuts="ArrowRight">
            Next →
          </button>
          <button type="button" onClick={exitLesson} data-testid="lesson-exit" aria-label={`Leave the lesson ${lesson.title}`} title="Leave the lesson">
            ×
          </button>
        </div>
      </div>
      <div id="lesson-more" className="lesson-more" hidden={!more} data-testid="lesson-more">
        <p>{step.more}</p>
        <p className="lesson-keys">→ and ← step through the lesson.</p>
      </div>
    </section>
  );
}
