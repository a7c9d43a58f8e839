/** The short explanation of each time plot (a short tooltip on every plot). */
import type { LowerPlot } from './store';

export const OMEGA_PLOT_TIP =
  'Upper plots: one component of the angular velocity ω in body axes (rad/s) over time, one plot per method with identical axes; dashed: the exact solution where one is known. Click a plot to move the time cursor.';

export const LOWER_PLOT_TIPS: Readonly<Record<LowerPlot, string>> = {
  energy: 'Lower plots: the energy drift (E − E₀ − W)/|E₀| in %, W the work of the applied loads; zero for an exact method, falling where numerical damping removes energy.',
  steps: 'Lower plots: the step size h of each step and the Newton iterations it took (adaptive runs change h to keep the local error at the tolerance).',
  norm: 'Lower plots: how far the Euler parameters drift from unit length, | |e|² − 1 |: the normalisation constraint the methods enforce.',
  constraints: 'Lower plots: the largest residual of the joint constraints at position and velocity level; index-3 HHT enforces positions only.',
  momentum: 'Lower plots: the angular momentum about the vertical z minus its start value; gravity has no moment about z, so it should stay constant.',
  difference:
    'Lower plots: the difference plot Δω, the method’s ω component minus the exact solution where one is known; without one, each compared method minus the first selected one (modified − classical for the headline pair), so a small drift between the methods shows at its own scale.',
};
