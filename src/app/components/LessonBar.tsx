import { useEffect } from 'react';
import { useStore } from 'zustand';
import { exitLesson, lessonStore, moveLessonStep } from '../lessons/lessonStore';
import { findLesson } from '../lessons/lessons';

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

/**
 * Lesson mode: "Step n of N", the step's narration, ← / → buttons, and the element the step
 * points at outlined (a style rule on its data-testid, so it survives the plots' re-renders).
 */
export function LessonBar() {
  const position = useStore(lessonStore);
  const lesson = position.lesson === null ? undefined : findLesson(position.lesson);
  useLessonKeys(lesson !== undefined);
  if (!lesson) return null;
  const step = lesson.steps[position.step - 1];
  const n = lesson.steps.length;
  const target = `[data-testid="${step.highlight.testId}"]`;
  return (
    <section className="lesson-bar" aria-labelledby="lesson-title" data-testid="lesson-bar">
      <style>{`${target} { outline: 4px solid var(--highlight); outline-offset: -2px; }`}</style>
      <div className="lesson-head">
        <h2 id="lesson-title">
          <span data-testid="lesson-step">
            Step {position.step} of {n}
          </span>
          : {step.title}
        </h2>
        <div className="lesson-buttons">
          <button type="button" onClick={() => moveLessonStep(-1)} disabled={position.step <= 1} data-testid="lesson-prev" aria-label="Previous step">
            ← Back
          </button>
          <button type="button" onClick={() => moveLessonStep(1)} disabled={position.step >= n} data-testid="lesson-next" aria-label="Next step">
            Next →
          </button>
          <button type="button" onClick={exitLesson} data-testid="lesson-exit" aria-label={`Leave the lesson ${lesson.title}`}>
            ×
          </button>
        </div>
      </div>
      <p className="lesson-narration" data-testid="lesson-narration">
        <strong className="lesson-pointer">Look at: {step.highlight.label}.</strong> {step.narration}{' '}
        <span className="lesson-keys">(→ / ← step through the lesson)</span>
      </p>
    </section>
  );
}
