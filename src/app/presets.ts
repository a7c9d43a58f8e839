/**
 * Lecture presets: each is a share link (so one click and one link give the same page) and a
 * short explanation of what to look at and why. The numbers quoted are what the runs show with
 * these settings (e2e/presets.spec.ts opens every link).
 */

export const PRESET_IDS = ['fig4-5', 'fig8', 'spin-alpha0', 'fig2'] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export interface LecturePreset {
  readonly id: PresetId;
  readonly title: string;
  /** The share-link query that opens it (without '?'), `preset` included. */
  readonly query: string;
  /** What to look at, one point per line. */
  readonly look: readonly string[];
  /** Why it happens, in a sentence or two. */
  readonly why: string;
  /** The study to start when the link opens (the plot of this preset is the study's). */
  readonly study?: 'convergence';
}

export const PRESETS: Readonly<Record<PresetId, LecturePreset>> = {
  'fig4-5': {
    id: 'fig4-5',
    title: 'Paper Fig. 4/5: heavy top',
    query: 'v=1&scenario=heavy-top&component=x&preset=fig4-5',
    look: [
      'Upper plots (Fig. 4): the body-fixed ωx, the nutation. Switch the component to y to see the spin itself: the classical ωy falls from 150 to 83 rad/s in 10 s, the modified one stays at 150.',
      'Lower plots (Fig. 5): the energy drift. Classical HHT loses a large share of the energy within seconds; the modified method’s drift stays below 10⁻⁴ %.',
    ],
    why: 'Both use α = −0.2 and h = 1e-4 s. The classical Newmark update of the Euler parameters damps their fast rotation as if it were a spurious high frequency; the modified update integrates the angular velocity instead, so the damping acts on the constraint oscillation only.',
  },
  fig8: {
    id: 'fig8',
    title: 'Paper Fig. 8: V8 crank',
    query: 'v=1&scenario=v8-crank&preset=fig8',
    look: [
      'The crank speed ωx (rad/s, rpm on the right) of the 17-body engine under the ramped torque, α = −0.3, h = 1e-4 s.',
      'The classical curve levels off near 236 rad/s after about 6 s although the torque keeps driving the crank; the modified one keeps accelerating, to about 686 rad/s at 9 s.',
    ],
    why: 'At high crank speed the Euler parameters rotate fast, and classical HHT damps that rotation numerically: the damping eats the work of the torque. The 9 s run takes a while; the curves grow as it computes.',
  },
  'spin-alpha0': {
    id: 'spin-alpha0',
    title: 'Single-axis spin: why α = 0 is not enough',
    query: 'v=1&scenario=spin&alpha=0&t=2&preset=spin-alpha0',
    look: [
      'Modified HHT lies on the exact line ωx = 10 + 5t (dashed) to round-off: at α = 0 it is exact for a single-axis spin.',
      'Classical HHT at α = 0 has no numerical damping, yet it falls behind the exact line and then fails at t = 1.28 s: its failure box explains the eᵀė mode of the Euler parameters, and the lower plot “Euler-parameter norm & eᵀė” shows it grow. Halve h: it fails at 1.41 s, barely later.',
      'Open the Theory tab: Eq. 28 loses its α-term at α = 0 but keeps the h³ term, −¼μω′²h³ per step.',
    ],
    why: 'Switching the damping off does not cure the classical method: its error comes from applying Newmark’s formulas to the Euler parameters themselves, and at α = 0 the same update leaves the unenforced eᵀė an undamped, growing mode.',
  },
  fig2: {
    id: 'fig2',
    title: 'Convergence: Fig. 2',
    query: 'v=1&scenario=heavy-top&t=1&panel=studies&preset=fig2',
    look: [
      'Log–log: the integrated error e_ω (Sherif Eq. 71) over the step size h for both methods, against a reference with h = 1e-6 s; the numbers on the segments are the observed orders p.',
      'Modified HHT: slope ≈ 0.9, first order, as in the paper’s Fig. 2. Classical HHT: errors hundreds of times larger and a lower slope still: at these steps its spin is collapsing, far from the asymptotic regime.',
    ],
    why: 'The paper’s text calls the order two, but its Fig. 2 shows slope 1: with α ≠ 0 HHT is first order in the velocities. The reference run (a million steps) takes a few seconds; switch the plot to positions for e_q.',
    study: 'convergence',
  },
};

export function isPresetId(id: string | undefined): id is PresetId {
  return id !== undefined && (PRESET_IDS as readonly string[]).includes(id);
}
