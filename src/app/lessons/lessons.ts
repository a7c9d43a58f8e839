/**
 * Lessons (SPEC §7): an ordered list of steps, each a scenario (a share link), what to say (three short
 * sentences, details behind "more") and the element to point at. A lesson opens by link, `lesson=<id>&step=<n>`
 * (steps counted from 1), after the step's own scenario keys, so a lesson link is also a share
 * link. The numbers quoted are measured on each step's run (test/long/lessonNumbers.long.test.ts).
 */
import type { StudyKind } from '../studies';

export interface LessonStep {
  readonly title: string;
  /** The share-link query of the step's scenario (without '?', lesson keys excluded). */
  readonly query: string;
  /**
   * What to say while the step is shown: at most three short sentences a student reads aloud, saying what to look
   * at, with the numbers in the units the step's plot shows (measured on the step's run: test/long/lessonNumbers).
   */
  readonly say: readonly string[];
  /** The details behind "more": the mechanism, the equations, the paper's figure. */
  readonly more: string;
  /** The `data-testid` of the element to point at (outlined). */
  readonly highlight: { readonly testId: string };
  /** The study the step prepares in the Studies tab. */
  readonly study?: StudyKind;
  /** A button of the step's own in the lesson bar, so that what the step asks for is always on screen: starts the prepared study. */
  readonly action?: { readonly label: string; readonly run: 'study' };
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
      say: [
        'A body spins up under a constant torque: the exact ωx is the dashed line, from 10 to 20 rad/s.',
        'Modified HHT stays on it.',
        'Classical HHT shakes and fails at t = 1.28 s, though α = 0 means no numerical damping.',
      ],
      more:
        'Why it fails: the Euler parameters’ velocity-level constraint eᵀė = 0, which the index-3 equations never enforce, flips sign every step and grows like exp(|ω|t/2) until Newton’s method fails (the failure box’s “Why, and what to try”). A smaller step fails at nearly the same time (1.41 s at h = 0.005 s, 1.77 s at h = 0.001 s). Damping (α < 0) or the modified update, which keeps eᵀė = 0 by construction, cures it.',
      highlight: { testId: 'failure-classical' },
    },
    {
      title: 'The heavy top',
      query: 'v=1&scenario=heavy-top&component=y',
      say: [
        'A top spins at 150 rad/s and nothing brakes it.',
        'Look at ωy: classical HHT slows it to 83 rad/s in 10 s; modified HHT keeps 150 rad/s.',
        'Below, classical HHT loses 67 % of the energy.',
      ],
      more:
        'The paper’s Fig. 4/5 (Brüls–Cardona heavy top), α = −0.2, h = 1e-4 s. The modified ωy drifts slowly and linearly (150.2 rad/s at 10 s): first order in h, hundreds of times smaller than the classical loss. The classical loss per step grows like ¼|α|(ωh)² (Sherif Eq. 28).',
      highlight: { testId: 'omega-chart-classical' },
    },
    {
      title: 'Sweeping α',
      query: 'v=1&scenario=spin&panel=studies',
      say: [
        'Press “Run the α sweep”: the spin runs to 10 s for 11 values of α.',
        'The plot shows ωx at 10 s; the exact value is 60 rad/s.',
        'Modified HHT gives 59.9 to 60 rad/s at every α, classical HHT only 18 to 31 rad/s.',
      ],
      more:
        'The classical method loses more of the spin the more negative α is, because its loss per step grows like ¼|α|(ωh)² (Sherif Eq. 28, Fig. 5/10). It fails near α = 0 (at α = −1/30 at t = 2.86 s, at α = 0 at 1.28 s) as in step 1. The modified method keeps the spin for every α: its damping acts on the constraint oscillation only. The same study runs on the command line (the command under the settings).',
      highlight: { testId: 'lesson-action' },
      study: 'alpha-sweep',
      action: { label: 'Run the α sweep', run: 'study' },
    },
    {
      title: 'The damping diagram',
      query: 'v=1&scenario=spin&panel=damping',
      say: [
        'The curve: how much one HHT step keeps of a vibration of frequency Ω, from 1 down to 0.54 for the fastest.',
        'The markers are this spin’s own vibrations, 8.6 and 11 rad/s, where ρ is still 1.000.',
        'So this damping is not what slows the classical spin.',
      ],
      more:
        'The spectral radius ρ of one HHT step on a linear oscillator, against Ωh, at α = −0.3: ρ∞ = (1 + α)/(1 − α). A body spinning at |ω| makes its Euler parameters oscillate at |ω|/2 (the markers, found in the run). Over the run’s 1000 steps ρᴺ leaves 99.9 % of such a vibration, yet classical HHT ends at 18.8 of 60 rad/s: the nonlinear term of Sherif Eq. 28, in the text beside the plot, takes the spin.',
      highlight: { testId: 'damping-chart' },
    },
    {
      title: 'The V8 engine',
      query: 'v=1&scenario=v8-crank',
      say: [
        'A V8 crank driven by a growing torque.',
        'Look at the crank speed: classical HHT levels off at 237 rad/s, modified HHT reaches 686 rad/s at 9 s.',
        'Below: classical HHT loses about 6200 J of the torque’s work.',
      ],
      more:
        'The paper’s Fig. 8: 17 bodies, 119 coordinates, α = −0.3, h = 1e-4 s. The lower plot is E − E₀ − W, the energy error after the torque’s work W: the numerical damping of the crank’s rotation eats the work. The run takes a while; the curves grow as it computes.',
      highlight: { testId: 'omega-chart-classical' },
    },
    {
      title: 'Is it HHT, or every implicit method?',
      query: 'v=1&scenario=heavy-top&methods=classical,modified,generalized-alpha,lie-group&component=y',
      say: [
        'The heavy top again, with two more methods at the same damping.',
        'Generalized-α and the Lie-group method keep ωy at 150 rad/s.',
        'So the loss is not damping as such: it is how classical HHT updates the rotation.',
      ],
      more:
        'α = −0.2 for HHT, ρ∞ = 2/3 for the others: the same damping of high frequencies. Generalized-α works on the same Euler parameters with the same plain Newmark updates as classical HHT, but its update is second order: ωy lags by under 0.001 rad/s in 10 s, where classical HHT loses 67 rad/s. The Lie-group generalized-α rotates on SO(3) and keeps ωy = 150 rad/s to the last bit. Classical HHT’s error is of order h in how it updates the Euler parameters (Sherif Eq. 28); the modified update (ω integrated) and the Lie group (rotations composed) avoid it. The Theory tab explains each method.',
      highlight: { testId: 'omega-chart-generalized-alpha' },
    },
    {
      title: 'A flyball governor',
      query: 'v=1&scenario=flyball-governor&methods=classical,modified,generalized-alpha,lie-group&alpha=-0.2&h=0.005&component=z&output=omega_shaft',
      say: [
        'A governor’s shaft turns freely at about 6 rad/s.',
        'Look at the energy: classical HHT’s falls steadily to −0.18 % in 10 s; the other three stay within 0.02 %.',
        'Slower spin, smaller loss, same numerical damping.',
      ],
      more:
        'The benchmark library’s stiff flyball governor (problem A05): a free shaft starting at 2π rad/s, two 5 kg balls on rods and a slider held by stiff spring-dampers, the same four methods at h = 5e-3 s. The energy error of classical HHT is −0.43 J of 239 J at 10 s; the modified method’s −0.015 J, generalized-α’s and the Lie group’s under 0.001 J. The shaft speed (upper plots) swings between 5 and 6.3 rad/s as the balls move in and out, alike for all four.',
      highlight: { testId: 'energy-chart-classical' },
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
