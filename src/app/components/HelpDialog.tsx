import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { closeHelp, helpStore } from '../lessons/helpStore';
import { startLesson } from '../lessons/lessonStore';
import { NUMERICAL_DAMPING } from '../lessons/lessons';
import { setPanel } from '../store';

/** What to watch in each lecture preset, one line each. */
const WATCH: ReadonlyArray<readonly [string, string]> = [
  ['Heavy top (Fig. 4/5)', 'ωy: classical decays from 150 to about 83 rad/s in 10 s, modified stays at 150 rad/s; the classical energy drains away.'],
  ['V8 crank (Fig. 8)', 'ωx: the classical crank levels off near 236 rad/s, the modified one keeps accelerating under the torque.'],
  ['Spin at α = 0', 'modified lies on the exact line ωx = 10 + 5t; classical falls behind and oscillates although α = 0.'],
  ['Convergence (Fig. 2)', 'both methods are first order with α ≠ 0; the modified error is hundreds of times smaller.'],
];

/**
 * The page explained in a few lines: what is shown, what α does, classical vs modified; what to watch in each
 * preset and the other methods folded under them. A modal <dialog> (Esc closes it, focus stays inside) whose
 * buttons stay in view below its text, which scrolls on a short screen; the Help button reopens it. Drawn from
 * the first time it opens, then kept.
 */
export function HelpDialog() {
  const open = useStore(helpStore, (s) => s.open);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Explanation open={open} /> : null;
}

function Explanation({ open }: { readonly open: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // Focus on Close: Enter or Esc dismisses, Tab reaches the lesson and the Theory tab. The reader starts at the
      // title (the text scrolls above the buttons on a short screen).
      d.querySelector<HTMLButtonElement>('[data-testid="help-close"]')?.focus({ preventScroll: true });
      d.querySelector('.help-body')?.scrollTo(0, 0);
    }
    if (!open && d.open) d.close();
  }, [open]);
  const lesson = () => {
    closeHelp();
    startLesson(NUMERICAL_DAMPING.id);
  };
  const theory = () => {
    closeHelp();
    setPanel('theory');
  };
  return (
    <dialog ref={dialog} className="help-dialog" aria-labelledby="help-title" data-testid="help-dialog" onClose={closeHelp}>
      <div className="help-body" data-testid="help-body">
        <h2 id="help-title">What this page shows</h2>
        <p>
          One body (or a whole engine) is computed twice, by <strong>classical</strong> and by <strong>modified</strong> HHT, side by side: the 3D
          view shows both at the cursor’s time, the plots show the angular velocity ω over time and, below it, the energy drift.{' '}
          <span className="help-wide">Change a setting on the left and both rerun.</span>
          <span className="help-narrow">Change α, or a setting further down the page, and both rerun.</span>
        </p>
        <h3>What α does</h3>
        <p>
          α ∈ [−1/3, 0] is HHT’s numerical damping: none at α = 0; the more negative α, the more the fastest vibrations shrink, down to a factor{' '}
          <span className="formula">ρ∞ = (1 + α)/(1 − α)</span> per step (Newmark’s <span className="formula">β = (1 − α)²/4</span>,{' '}
          <span className="formula">γ = (1 − 2α)/2</span>).
        </p>
        <h3>Classical vs modified</h3>
        <p>
          <strong>Classical HHT</strong> applies Newmark’s updates to the Euler parameters, so a spinning body slows down although nothing brakes it.{' '}
          <strong>Modified HHT</strong> updates the angular velocity instead and keeps the constant spin of a free body exactly, at every α;
          joints still need enough α for the step (the heavy top at h = 1e-4 s: α ≤ −0.05) — the α slider marks where.
        </p>
        <details className="help-more">
          <summary>What to watch in each preset, and the other methods</summary>
          <ul>
            {WATCH.map(([preset, watch]) => (
              <li key={preset}>
                <strong>{preset}:</strong> {watch}
              </li>
            ))}
          </ul>
          <p>
            A link can compare up to four methods — also generalized-α (the same Euler-parameter updates, but second order: the spin lags far
            less), the Lie-group generalized-α (rotations on SO(3): the spin is exact) and the Ji–Xing composite, these with ρ∞ instead of α. The
            Theory tab has the equations; hover or focus a setting’s name for a short explanation.
          </p>
        </details>
      </div>
      <div className="help-buttons">
        <button type="button" onClick={lesson} data-testid="help-start-lesson">
          Start the lesson “{NUMERICAL_DAMPING.title}”
        </button>
        <button type="button" onClick={theory} data-testid="help-theory">
          Theory tab
        </button>
        <button type="button" onClick={closeHelp} data-testid="help-close">
          Close
        </button>
      </div>
    </dialog>
  );
}
