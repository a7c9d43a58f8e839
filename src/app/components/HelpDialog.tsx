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
 * The page explained in one screen: what is shown, what α does, classical vs modified, what to
 * watch. A modal <dialog> (Esc closes it, focus stays inside); the Help button reopens it. Drawn from the
 * first time it opens (a first visit opens it after the first curves), then kept.
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
      // Focus on Close: Enter or Esc dismisses, Tab reaches the lesson and the Theory tab. Without scrolling to
      // it: on a short screen the reader starts at the title, not at the buttons at the end.
      d.querySelector<HTMLButtonElement>('[data-testid="help-close"]')?.focus({ preventScroll: true });
      d.scrollTop = 0;
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
      <h2 id="help-title">What this page shows</h2>
      <p>
        One body (or a whole engine) is integrated twice, by <strong>classical</strong> and by <strong>modified</strong> HHT, side by side: the 3D view
        shows both at the time of the cursor, the plots show the angular velocity ω and, below it, the energy drift or another monitor. Change a
        setting on the left and both rerun.
      </p>
      <h3>What α does</h3>
      <p>
        α ∈ [−1/3, 0] sets HHT’s numerical damping through the Newmark parameters <span className="formula">β = (1 − α)²/4</span> and{' '}
        <span className="formula">γ = (1 − 2α)/2</span>. At α = 0 there is none (the trapezoidal rule); the more negative α, the more high
        frequencies are damped, down to a factor ρ∞ = (1 + α)/(1 − α) per step.
      </p>
      <h3>Classical vs modified</h3>
      <p>
        <strong>Classical HHT</strong> applies Newmark’s update formulas to the Euler parameters themselves (Sherif Eqs. 17, 18, 20). Their fast
        rotation looks like a spurious high frequency to the damping, so a spinning body slows down although nothing brakes it.
      </p>
      <p>
        <strong>Modified HHT</strong> applies the updates to the angular velocity ω and carries the Euler parameters along (Sherif Eqs. 33, 34).
        The damping then acts only on the constraint oscillation it is meant for: a free body’s constant spin is kept exactly for every α.
        With joints that oscillation needs enough damping for the step — the heavy top at h = 1e-4 s runs at α ≤ −0.05 and fails from
        α = −0.04 — and the α slider marks where the model on screen was measured unstable.
      </p>
      <p>
        <strong>The family</strong>: a link can compare up to four of five methods — also generalized-α (same Euler-parameter updates,
        but second order, so the spin lags far less), the Lie-group generalized-α (rotations on SO(3): the spin is exact) and the Ji–Xing
        composite (modified updates in three sub-steps), these three with ρ∞ instead of α. The Theory tab says why each keeps or loses
        the spin; the last lesson step shows four of them on the heavy top.
      </p>
      <h3>What to watch</h3>
      <ul>
        {WATCH.map(([preset, watch]) => (
          <li key={preset}>
            <strong>{preset}:</strong> {watch}
          </li>
        ))}
      </ul>
      <p>The equations are on the Theory tab; hover or focus a setting’s name for a short explanation.</p>
      <div className="help-buttons">
        <button type="button" onClick={lesson} data-testid="help-start-lesson">
          Start the lesson “{NUMERICAL_DAMPING.title}”
        </button>
        <button type="button" onClick={theory}>
          Theory tab
        </button>
        <button type="button" onClick={closeHelp} data-testid="help-close">
          Close
        </button>
      </div>
    </dialog>
  );
}
