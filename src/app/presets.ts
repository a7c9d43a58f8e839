/**
 * Lecture presets: each is a share link (so one click and one link give the same page) and a
 * short explanation of what to look at and why. The numbers quoted are what the runs show with
 * these settings (e2e/presets.spec.ts opens every link).
 */

export const PRESET_IDS = [
  'fig4-5', 'fig8', 'spin-alpha0', 'fig2',
  'a01-pendulum', 'a02-n-four-bar', 'a03-andrews', 'a04-bricard', 'a05-flyball', 'governor-family',
] as const;
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
  /** For the benchmark library's presets (SPEC §8): what the problem tests, in one sentence. */
  readonly tests?: string;
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
  'a01-pendulum': {
    id: 'a01-pendulum',
    title: 'Benchmark A01: simple pendulum',
    tests: 'Drift: a plain pendulum run for 2000 s, judged every 0.5 s.',
    query: 'v=1&scenario=pendulum&component=z&preset=a01-pendulum',
    look: [
      'The output x_P1, the bob’s x (m; y_P1 is its y, in the output menu): it swings between −1 and 1 with a period of 2.37 s. With ω plotted (component z) the bob’s ωz swings between ±4.43 rad/s.',
      'Over these 10 s at h = 1e-3 s both methods stay within 1.6e-4 m of the library’s data (the criterion is 1e-3 m), and agree with each other to 1e-8 m: the bob barely turns about its own centre, so there is little rotation for the Euler-parameter update to damp.',
    ],
    why: 'A second-order method’s phase error grows linearly with time: 1.5e-4 m after 10 s becomes about 3e-2 m after the library’s 2000 s, so the full run needs h ≈ 1.25e-4 s (docs/benchmarks.md).',
  },
  'a02-n-four-bar': {
    id: 'a02-n-four-bar',
    title: 'Benchmark A02: N-four-bar (81 bodies)',
    tests: 'Singular positions: whenever the rockers are horizontal the degrees of freedom jump from 1 to N + 1.',
    query: 'v=1&scenario=n-four-bar&component=z&preset=a02-n-four-bar',
    look: [
      'The output x_B0 (m; also y_B0 and B0’s velocity in the output menu): B0 circles the first pin, the mechanism going over the top every 1.97 s, and every 0.98 s its 41 rockers pass the horizontal together.',
      'At h = 1e-3 s modified HHT stays within 6.9e-4 m of the library’s ADAMS data over the 20 s; the notice names the 120 joint equations removed as dependent (3 per window).',
    ],
    why: 'At the horizontal rockers the Newton matrix is singular; near them Newton stalls at a round-off floor of about 1e-12 m, which the solver accepts, so the run steps through the singular positions instead of failing. 20,000 steps of 81 bodies take a while: the curves grow as it computes.',
  },
  'a03-andrews': {
    id: 'a03-andrews',
    title: 'Benchmark A03: Andrews’ squeezing mechanism',
    tests: 'A stiff, fast planar mechanism: the crank turns 2.5 times in 0.03 s, reaching about 1140 rad/s.',
    query: 'v=1&scenario=andrews&component=z&preset=a03-andrews',
    look: [
      'The output β (rad), the crank angle; Θ, x_F and y_F are in the output menu, and with ω plotted (component z) the crank speed β̇ reaches about 1140 rad/s.',
      'At h = 1e-5 s modified HHT ends 1.4e-4 rad from the test set’s β(0.03) = 15.8108 rad; classical HHT at the same h ends 3.3e-2 rad behind: 30 times the library’s 1e-3.',
    ],
    why: 'Classical HHT’s Newmark update of the Euler parameters damps the crank’s fast rotation (Sherif Eq. 28); the modified update integrates ω instead. The same equations are the Test Set for IVP Solvers’ problem “andrews”, whose published values at t = 0.03 are the reference.',
  },
  'a04-bricard': {
    id: 'a04-bricard',
    title: 'Benchmark A04: Bricard’s mechanism',
    tests: 'Over-constraint: Grübler counts 0 degrees of freedom, the mechanism moves with 1.',
    query: 'v=1&scenario=bricard&preset=a04-bricard',
    look: [
      'The output x_P3 (m; y_P3 and z_P3 in the output menu): P3 swings from (1, −1, 0) to x = −1 and back every 4.99 s.',
      'The notice names the equation removed as dependent (one row of joint J6). Over 10 s at h = 1e-3 s modified HHT stays within 6.6e-6 m of the converged reference (classical within 1.3e-4 m), and the removed equation still holds to 1e-14.',
    ],
    why: 'An over-constrained mechanism has a rank-deficient constraint Jacobian at every configuration: the dependent row is found at the start and removed, and the run watches how well it still holds.',
  },
  'a05-flyball': {
    id: 'a05-flyball',
    title: 'Benchmark A05: stiff flyball governor',
    tests: 'A free shaft spinning with stiff spring-dampers: numerical damping of a rotation, on a real machine.',
    query: 'v=1&scenario=flyball-governor&component=z&preset=a05-flyball',
    look: [
      'The output s, the slider height (m; omega_shaft, the shaft speed, in the output menu): the balls fall and fly out, the slider rises to 0.74 m and the shaft slows from 2π to 5.10 rad/s as its inertia grows; then both oscillate with a period of about 1.03 s.',
      'At h = 1e-3 s, α = −0.1, modified HHT stays within 2.1e-4 rad/s of the converged reference; classical HHT is 1.1e-3 rad/s off after 10 s, missing the library’s 1e-3, and its energy error falls steadily to −0.041 J (modified: −1e-4 J).',
    ],
    why: 'No torque acts about the shaft axis, so the angular momentum about z is conserved: classical HHT loses 1.3e-4 of it in 10 s by damping the rotation of the Euler parameters, the modified method 2e-7.',
  },
  'governor-family': {
    id: 'governor-family',
    title: 'The method family on the flyball governor',
    tests: 'Classical against modified HHT and the ρ∞ methods on a free spinning shaft, at a coarse step.',
    query: 'v=1&scenario=flyball-governor&methods=classical,modified,generalized-alpha,lie-group&alpha=-0.2&h=0.005&component=z&output=omega_shaft&preset=governor-family',
    look: [
      'At h = 5e-3 s with the same high-frequency damping (α = −0.2 ↔ ρ∞ = 2/3) the energy error (lower plots) of classical HHT falls steadily to −0.43 J (−0.18 %) in 10 s; modified HHT’s stays within 0.03 J, generalized-α’s and the Lie group’s within 0.012 J.',
      'The shaft speed at 10 s: classical 5.533 rad/s, modified 5.542, generalized-α and Lie group 5.543, converged 5.548. The angular momentum about z, which no torque changes, drifts by −1.4e-3 (classical), −5.9e-5 (modified) and −6e-6 (generalized-α, Lie group).',
    ],
    why: 'The shaft turns at only 6 rad/s, so the effect is smaller than on the heavy top, but it is the same one: classical HHT damps the rotation of the Euler parameters (Sherif Eq. 28); the modified update, generalized-α’s second-order update and the Lie group barely do.',
  },
};

export function isPresetId(id: string | undefined): id is PresetId {
  return id !== undefined && (PRESET_IDS as readonly string[]).includes(id);
}
