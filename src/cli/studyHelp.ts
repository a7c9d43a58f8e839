/**
 * `sim study --help`: what each study computes (with the paper's equation and figure), its flags,
 * and the per-scenario defaults generated from studyDefaults.ts, so the help cannot disagree with
 * what runs.
 */
import { SCENARIO_IDS, SCENARIOS } from '../scenario/registry';
import type { ScenarioId } from '../scenario/types';
import { formatNumber, MAX_STEPS } from '../scenario/validate';
import {
  alphaSweepDefaults,
  convergenceDefaults,
  DEFAULT_RHO_SWEEP_METHODS,
  DEFAULT_STUDY_METHODS,
  MAX_ALPHA_COUNT,
  rhoSweepDefaults,
  DEFAULT_STABILITY_RTOL,
  stabilityDefaults,
  MAX_LIST_LENGTH,
  MAX_STUDY_STEPS,
  STUDY_WORK_FACTOR,
  dampingScanDefaults,
  DEFAULT_SCAN_ALPHA_STEP,
  DEFAULT_SCAN_RHO_STEP,
  SCAN_STEPS,
} from '../scenario/studyDefaults';
import { ALPHA_SWEEP_COLUMNS, CONVERGENCE_COLUMNS, DAMPING_SCAN_COLUMNS, RHO_SWEEP_COLUMNS, STABILITY_COLUMNS } from '../run/studyFormat';
import { DEFAULT_STABILITY_BOUNDS } from '../solver/studies/stabilityStudy';
import { RUN_METHODS } from '../scenario/methods';

const USAGE = `Usage: npm run --silent sim -- study convergence [--scenario ID | --model FILE | --url URL] [--set NAME=VALUE ...]
           [--alpha A] [--rho-inf R] [--methods M1,M2,...] [--steps H1,H2,...] [--t-end T] [--sample-dt DT]
           [--ref-h H] [--ref-method M] [--ref-alpha A | --ref-rho R] [--format csv|json] [--progress]
       npm run --silent sim -- study alpha-sweep [--scenario ID | --model FILE | --url URL] [--set NAME=VALUE ...]
           [--methods classical,modified] [--alphas A1,A2,... | --alpha-steps N] [--h H] [--t-end T]
           [--format csv|json] [--progress]
       npm run --silent sim -- study rho-sweep [--scenario ID | --model FILE | --url URL] [--set NAME=VALUE ...]
           [--methods ${DEFAULT_RHO_SWEEP_METHODS.join(',')}] [--rhos R1,R2,... | --rho-steps N] [--h H] [--t-end T]
           [--format csv|json] [--progress]
       npm run --silent sim -- study stability [--scenario ID | --model FILE | --url URL] [--set NAME=VALUE ...]
           [--methods M1,M2,...] [--alpha A] [--rho-inf R] [--h-range LO,HI] [--t-end T] [--rtol R]
           [--energy-bound B] [--constraint-bound C] [--format csv|json] [--progress]
       npm run --silent sim -- study damping-scan [--scenario ID | --model FILE | --url URL] [--set NAME=VALUE ...]
           [--methods M1,M2,...] [--h H] [--t-end T] [--alpha-step S] [--rho-step S]
           [--energy-bound B] [--constraint-bound C] [--format csv|json] [--progress]
       npm run --silent sim -- study KIND ... --shard K/N > partK.json     (one part of a study)
       npm run --silent sim -- study merge [--format csv|json] part1.json ... partN.json

Studies over many fixed-step runs of one model (Sherif et al. 2019), printed when all runs are done: a shipped
scenario, or your own model file (--model FILE, - for standard input; or a --url link carrying its model).
The runs are independent and run in parallel, one worker thread per core (os.availableParallelism());
the table is the same, to the last bit, as one thread computes it.
Methods: ${RUN_METHODS.join(', ')} (SPEC §6), all five in one
study if wanted. Each takes its own parameter: classical and modified HHT's alpha (--alpha), the others rho_inf (--rho-inf,
default 2/3). A parameter no selected method takes is bad input (exit 2); one is never converted into the other
(rho_inf = (1 + alpha)/(1 - alpha) relates them: alpha = -0.2 <-> rho_inf = 2/3).

convergence (paper Figs. 2 and 9): one reference run (--ref-method, --ref-alpha, fine step --ref-h),
  then every method at every step in --steps, largest first. Columns:
    ${CONVERGENCE_COLUMNS.join(',')}
  omega_error     e_w = sum_i integral over [0, t_end] of |w_i - w_i,ref| dt (Sherif Eq. 71): body-fixed
                  angular velocity of the primary body, trapezoidal rule on the common sample grid DT
  position_error  the same integral over the primary body's 7 coordinates (position r, Euler parameters e)
  *_order         observed order log(e_prev / e) / log(h_prev / h) against the next larger step of the
                  same method; empty for the largest step
  Every step and --ref-h must divide DT (whole multiples), --ref-h must be smaller than every step, and
  t_end must be a whole multiple of DT. The reference takes t_end / ref-h steps and dominates the run time.

alpha-sweep (paper Figs. 10 and 5): one run per HHT method and alpha, step h, to t_end. Columns:
    ${ALPHA_SWEEP_COLUMNS.join(',')}
  omega_*         body-fixed angular velocity of the primary body at t_end (v8-crank: omega_x is the
                  crank speed of Fig. 10)
  energy_error    E - E0 - W at t_end, J (the drift of Fig. 5)

rho-sweep: the same over rho_inf in [0, 1] for generalized-alpha, lie-group, ji-xing. Columns:
    ${RHO_SWEEP_COLUMNS.join(',')}

stability: the largest stable step of each method on this model. Every method runs at the 1, 2, 5 x 10^n
  steps in --h-range (and its ends), each run to t_end; then rounds of quadrisection in log h between the
  largest stable step below the smallest failing one and that step, until they are within 1 + rtol. A run is
  stable when it reaches t_end without a solver failure, the energy it creates, E - E0 - W, stays within
  --energy-bound times the run's energy scale max(|E0|, |E|, |W|) (dissipation is accuracy, not instability),
  and the constraint residual within --constraint-bound. Columns:
    ${STABILITY_COLUMNS.join(',')}
  parameter       alpha (classical, modified) or rho_inf (the others)
  h_max           the largest stable step found, s (empty: the smallest step already failed)
  h_fail          the smallest failing step above it, s (empty: every step of the range was stable)
  omega, omega_h  the largest frequency of the primary body's Euler parameters in the h_max run (FFT, rad/s;
                  a spin at |w| shows |w|/2) and h_max * omega
  energy_ratio    max (E - E0 - W) / energy scale of the h_max run (negative: it only dissipated)
  constraint_error  the largest constraint residual of the h_max run
  failure_mode    what stopped the h_fail run: newton, multiplier-oscillation (the index-3 joint mode),
                  euler-velocity (the unenforced e'e_dot of the Euler parameters), blow-up (non-finite),
                  energy or constraint (a bound), setup
  stable_above    a stable step above h_fail, if any: stability is not monotone in h there
  The linear oscillator calls every method unconditionally stable; these limits come from the model.

damping-scan: where each method's own damping parameter is unstable at one step h (the web app marks it on
  the alpha and rho_inf sliders). Classical and modified HHT run at every alpha of a grid over [-1/3, 0]
  (-1/3, then multiples of --alpha-step), the others at every rho_inf of a grid over [0, 1]; each run at h
  to t_end, classified as the stability study classifies a run. Columns:
    ${DAMPING_SCAN_COLUMNS.join(',')}
  parameter       alpha (classical, modified) or rho_inf (the others); value is its value in the run
  stable          1 or 0
  failure_mode, failure_time, failure  what stopped an unstable run, when (s), and the solver's sentence
  energy_ratio, constraint_error  as in the stability study, over the samples the run reached

A run that fails inside a study (e.g. alpha = 0 with a joint, SPEC §5) is a row with its failure text
and empty numbers; the study goes on.

Options (flags may also be written --alpha=-0.2; later flags override earlier ones and --url):
  --scenario ID     ${SCENARIO_IDS.join(' | ')}; as for sim
  --model FILE      your own model file (format hht-model/1), - for standard input; as for sim
  --url URL         a share link: sets the scenario (or the model it carries), its parameters, methods and t,
                    and alpha and rho (convergence, stability) or h (sweeps); the link's other run settings
                    are ignored
  --set NAME=VALUE  a scenario parameter, or t, methods, alpha and rho (convergence, stability), h (sweeps,
                    damping-scan)
  --methods M,...   integrators to compare (default ${DEFAULT_STUDY_METHODS.join(',')}; rho-sweep:
                    ${DEFAULT_RHO_SWEEP_METHODS.join(',')}; damping-scan: all five)
  --t-end T         end time of every run in s (default per scenario, below)
  --format F        csv | json (default csv); json is one object with the settings, "columns" and
                    "rows" (arrays in column order, null where csv has an empty cell)
  --progress        one line per run on stderr as it starts, even when stderr is not a terminal (on
                    a terminal the lines are always shown)
  --shard K/N       compute only part K of N disjoint parts (for a batch system) and print it as a part
                    file (JSON, "part": "hht-study-part/1"); \`sim study merge\` joins the N parts into the
                    table the whole study prints, to the bit, in its --format (or merge's --format).
                    The parts: the runs of a sweep; the runs (method and h) of a convergence study, each
                    part computing the reference itself; the methods of a stability study. Part K takes
                    the (K-1)-th, (K-1+N)-th, ... of them; N is at most their number
 convergence:
  --alpha A         alpha of the compared HHT runs, in [-1/3, 0]
  --rho-inf R       rho_inf of the compared generalized-alpha, lie-group, ji-xing runs, in [0, 1] (default 2/3)
  --steps H1,...    step sizes in s, distinct, at most ${MAX_LIST_LENGTH}
  --sample-dt DT    common sample interval in s of all runs and the reference
  --ref-h H         step of the reference run in s
  --ref-alpha A     alpha of an HHT reference run, in [-1/3, 0]
  --ref-rho R       rho_inf of a generalized-alpha, lie-group or ji-xing reference run (default 2/3)
  --ref-method M    any method, the integrator of the reference run
 alpha-sweep:
  --alphas A1,...   alpha values in [-1/3, 0], at most ${MAX_LIST_LENGTH} (default 11 values -1/3, -0.3, ..., 0)
  --alpha-steps N   N evenly spaced alphas from -1/3 to 0, ends included; N from 2 to ${MAX_ALPHA_COUNT}
  --h H             step size in s
 rho-sweep:
  --rhos R1,...     rho_inf values in [0, 1], at most ${MAX_LIST_LENGTH} (default 11 values 0, 0.1, ..., 1)
  --rho-steps N     N evenly spaced rho_inf from 0 to 1, ends included; N from 2 to ${MAX_ALPHA_COUNT}
  --h H             step size in s
 stability:
  --alpha A, --rho-inf R  each method's parameter (defaults: the scenario's alpha, rho_inf 2/3)
  --h-range LO,HI   the steps scanned, s (LO < HI; HI is cut to t_end)
  --rtol R          stop refining when h_fail <= (1 + R) h_max (default ${DEFAULT_STABILITY_RTOL})
  --energy-bound B  stable: E - E0 - W <= B x the run's energy scale (default ${DEFAULT_STABILITY_BOUNDS.energy})
  --constraint-bound C  stable: constraint residual <= C (default ${DEFAULT_STABILITY_BOUNDS.constraint})
 damping-scan:
  --h H             the step of every run, s (default: the scenario's own)
  --alpha-step S    spacing of the alpha grid, 1/n for a whole n (default ${DEFAULT_SCAN_ALPHA_STEP})
  --rho-step S      spacing of the rho_inf grid, 1/n for a whole n (default ${DEFAULT_SCAN_RHO_STEP})
  --t-end T         length of every run (default: the model file's, else its t_end cut to ${SCAN_STEPS} steps)
  --energy-bound B, --constraint-bound C  as for stability
  --help            this text

Work limit: each run at most ${MAX_STEPS} steps (t_end / h, as for sim), the whole study (reference
included) at most ${MAX_STUDY_STEPS} steps (${STUDY_WORK_FACTOR} x ${MAX_STEPS}).
Exit codes: 0 finished (failed runs included), 2 bad input, 3 the reference run failed.`;

function list(values: readonly number[]): string {
  return values.map(formatNumber).join(',');
}

function defaultsSection(id: ScenarioId): string[] {
  const def = SCENARIOS[id];
  const c = convergenceDefaults(def);
  const s = alphaSweepDefaults(def);
  const rho = rhoSweepDefaults(def);
  const stability = stabilityDefaults(def);
  const scan = dampingScanDefaults(def);
  const r = c.reference;
  return [
    `  ${id}`,
    `    convergence  --alpha ${formatNumber(c.alpha)} --steps ${list(c.steps)} --t-end ${formatNumber(c.tEnd)} --sample-dt ${formatNumber(c.sampleDt)}`,
    `                 --ref-method ${r.method} --ref-alpha ${formatNumber(r.alpha)} --ref-h ${formatNumber(r.h)}`,
    `                 (${c.note})`,
    `    alpha-sweep  --h ${formatNumber(s.h)} --t-end ${formatNumber(s.tEnd)} (${s.note})`,
    `    rho-sweep    --h ${formatNumber(rho.h)} --t-end ${formatNumber(rho.tEnd)} (${rho.note})`,
    `    stability    --h-range ${stability.hRange.map(formatNumber).join(',')} --t-end ${formatNumber(stability.tEnd)} (${stability.note})`,
    `    damping-scan --h ${formatNumber(scan.h)} --t-end ${formatNumber(scan.tEnd)} --alpha-step ${formatNumber(scan.alphaStep)} --rho-step ${formatNumber(scan.rhoStep)} (${scan.note})`,
  ];
}

/** How the defaults of a user's model are chosen (studyDefaults.ts): its file's `studies` section, else its run. */
const USER_MODEL_DEFAULTS = [
  '  your own model (--model FILE, or a link carrying it): its file\'s "studies" section where it has one, else from',
  '  its run defaults h, t_end and alpha (docs/sim.md):',
  '    convergence  --alpha alpha --steps h,h/2,h/5,h/10 --sample-dt h --ref-method modified --ref-alpha alpha',
  '                 --ref-h h/100 --t-end t_end, cut to a whole number of steps h so that the reference takes at',
  '                 most 1000000 steps',
  '    alpha-sweep, rho-sweep  --h h --t-end t_end',
  '    stability    --h-range h/10,100h --t-end t_end, at most 100000 steps of h/10 (steps rounded to 3 digits)',
];

/** The full study help text, ending with a newline. */
export function studyHelpText(): string {
  return [
    USAGE, '', 'Defaults per scenario (reproducing the paper where it has the figure):', ...SCENARIO_IDS.flatMap(defaultsSection), ...USER_MODEL_DEFAULTS, '',
  ].join('\n');
}
