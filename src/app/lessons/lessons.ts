/**
 * Lessons (SPEC §7): an ordered list of steps, each a scenario (a share link), a paragraph of
 * narration and the plot element to point at. A lesson opens by link, `lesson=<id>&step=<n>`
 * (steps counted from 1), after the step's own scenario keys, so a lesson link is also a share
 * link. The numbers quoted are those of the lecture presets (checked by e2e/presets.spec.ts).
 */
import type { StudyKind } from '../studies';

export interface LessonStep {
  readonly title: string;
  /** The share-link query of the step's scenario (without '?', lesson keys excluded). */
  readonly query: string;
  /** What to say while the step is shown: one paragraph. */
  readonly narration: string;
  /** The `data-testid` of the element to point at, and what the pointer says. */
  readonly highlight: { readonly testId: string; readonly label: string };
  /** The study the step prepares in the Studies tab (the lecturer presses Run). */
  readonly study?: StudyKind;
}

export interface Lesson {
  readonly id: string;
  readonly title: string;
  readonly steps: readonly LessonStep[];
}

export const NUMERICAL_DAMPING: Lesson = {
  id: 'numerical-damping',
  title: 'Numerical damping of a rotation',
  steps: [
    {
      title: 'A single-axis spin at α = 0',
      query: 'v=1&scenario=spin&alpha=0&t=2',
      narration:
        'A free body spins up about x under a constant torque; the exact answer is the dashed line ωx = 10 + 5t. At α = 0 (no numerical damping) modified HHT lies on the line to round-off, but classical HHT falls behind and stops at t = 1.28 s. The box above its plots says why: the Euler parameters’ velocity-level eᵀė, which no equation holds at 0, flips sign every step and grows as exp(|ω|t/2) until Newton fails. A smaller step fails at nearly the same time; damping (α < 0) or the modified update, which keeps eᵀė = 0, cures it.',
      highlight: { testId: 'failure-classical', label: 'classical stops at 1.28 s: eᵀė of the Euler parameters grew' },
    },
    {
      title: 'The heavy top',
      query: 'v=1&scenario=heavy-top&component=y',
      narration:
        'A top spinning at 150 rad/s about its axis, α = −0.2, h = 1e-4 s (the paper’s Fig. 4/5). Watch the spin ωy: the classical ωy falls from 150 to about 83 rad/s within 10 s although nothing brakes the top; the modified one stays at 150. The lower plots show the energy: classical HHT loses a large share of it.',
      highlight: { testId: 'omega-chart-classical', label: 'the spin decays: numerical damping' },
    },
    {
      title: 'Sweeping α',
      query: 'v=1&scenario=spin&panel=studies',
      narration:
        'Press “Run study”: the spin is run for α from −1/3 to 0, one run per α and method. The classical method loses more of the spin the more negative α is, because its loss per step grows like ¼|α|(ωh)² (Sherif Eq. 28); the modified method keeps it for every α, since its damping acts on the constraint oscillation only.',
      highlight: { testId: 'study-run', label: 'run the α sweep' },
      study: 'alpha-sweep',
    },
    {
      title: 'The damping diagram',
      query: 'v=1&scenario=spin&panel=damping',
      narration:
        'The spectral radius ρ of one HHT step on a linear oscillator of frequency Ω: 1 (no damping) for small Ωh, down to ρ∞ = (1 + α)/(1 − α) for large Ωh. The markers are the frequencies found in the current run: the Euler parameters of a body spinning at |ω| oscillate at |ω|/2, and where ρ is still close to 1 the linear damping alone cannot explain the classical loss; the nonlinear term of Eq. 28 does.',
      highlight: { testId: 'damping-chart', label: 'ρ(Ωh) and the run’s frequencies' },
    },
    {
      title: 'The V8 engine',
      query: 'v=1&scenario=v8-crank',
      narration:
        'A 17-body V8 crank under a ramped torque, α = −0.3, h = 1e-4 s (the paper’s Fig. 8). The classical crank speed levels off near 236 rad/s after about 6 s although the torque keeps driving it: the numerical damping eats the torque’s work. The modified crank keeps accelerating, to about 686 rad/s at 9 s. The run takes a while; the curves grow as it computes.',
      highlight: { testId: 'omega-chart-classical', label: 'classical levels off' },
    },
    {
      title: 'Is it HHT, or every implicit method?',
      query: 'v=1&scenario=heavy-top&methods=classical,modified,generalized-alpha,lie-group&component=y',
      narration:
        'The heavy top again, with two more methods at the same high-frequency damping (α = −0.2 ↔ ρ∞ = 2/3). Generalized-α works on the same Euler parameters with the same plain Newmark updates as classical HHT, yet keeps ωy within 7.5e-4 rad/s of 150 over 10 s: its update is second order, so the lag shrinks as h², where classical HHT loses 67 rad/s. The Lie-group generalized-α rotates on SO(3) and keeps ωy = 150 to the last bit. So it is neither implicitness nor numerical damping as such: it is an error of order h in how classical HHT updates the Euler parameters (Sherif Eq. 28), which the modified update (ω integrated) and the Lie group (rotations composed) avoid. The Theory tab explains each method.',
      highlight: { testId: 'omega-chart-generalized-alpha', label: 'generalized-α keeps the spin' },
    },
    {
      title: 'A real machine: the flyball governor',
      query: 'v=1&scenario=flyball-governor&methods=classical,modified,generalized-alpha,lie-group&alpha=-0.2&h=0.005&component=z&output=omega_shaft',
      narration:
        'The benchmark library’s stiff flyball governor (problem A05): a free shaft starting at 2π rad/s, two 5 kg balls on rods and a slider held by stiff spring-dampers, run with the same four methods at h = 5e-3 s. No torque acts about the shaft, so its angular momentum must stay constant: classical HHT loses 1.4e-3 of it in 10 s and its energy error falls steadily to −0.43 J, the modified method loses 5.9e-5 and generalized-α and the Lie group 6e-6, their energy errors staying within 0.03 J. The shaft turns at only 6 rad/s, so the effect is smaller than on the heavy top, but it is the same numerical damping of a rotation.',
      highlight: { testId: 'energy-chart-classical', label: 'classical loses energy steadily' },
    },
  ],
};

export const LESSONS: Readonly<Record<string, Lesson>> = { [NUMERICAL_DAMPING.id]: NUMERICAL_DAMPING };

export function findLesson(id: string): Lesson | undefined {
  return Object.hasOwn(LESSONS, id) ? LESSONS[id] : undefined;
}

/** A lesson position taken from a link: the lesson and its step (1-based), or why it cannot be used. */
export type LessonLink =
  | { readonly kind: 'none' }
  | { readonly kind: 'ok'; readonly lesson: Lesson; readonly step: number }
  | { readonly kind: 'bad'; readonly message: string };

/**
 * Reads the `lesson` and `step` view keys of a link. A missing step means step 1.
 * Example: lessonFromLink('numerical-damping', '9') names step 9 and the 5 steps there are.
 */
export function lessonFromLink(lessonKey: string | undefined, stepKey: string | undefined): LessonLink {
  if (lessonKey === undefined) {
    return stepKey === undefined ? { kind: 'none' } : { kind: 'bad', message: `step=${stepKey} needs a lesson (lesson=${NUMERICAL_DAMPING.id})` };
  }
  const lesson = findLesson(lessonKey);
  const known = Object.keys(LESSONS).join(', ');
  if (!lesson) return { kind: 'bad', message: `lesson '${lessonKey}' does not exist (lessons: ${known}); the default scenario was opened` };
  const step = stepKey === undefined ? 1 : /^[1-9][0-9]{0,2}$/.test(stepKey) ? Number(stepKey) : NaN;
  if (!(step >= 1 && step <= lesson.steps.length)) {
    return { kind: 'bad', message: `step '${stepKey}' of lesson '${lesson.id}' does not exist (steps 1 to ${lesson.steps.length}); the default scenario was opened` };
  }
  return { kind: 'ok', lesson, step };
}
