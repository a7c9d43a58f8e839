/**
 * `sim --help`: usage, and every scenario with its parameters (name, unit, default, bounds)
 * generated from the scenario schema, so the help can never disagree with what is accepted.
 */
import { SAMPLE_COLUMNS } from '../solver/simulate';
import { DEFAULT_SCENARIO_ID, SCENARIO_IDS, SCENARIOS, scenarioGroups } from '../scenario/registry';
import { MODEL_LINK_LIMITS } from '../scenario/modelLink';
import type { ParamDef, ScenarioDef } from '../scenario/types';
import { formatNumber, MAX_STEPS, TOLERANCE_MAX, TOLERANCE_MIN } from '../scenario/validate';
import { ADAPTIVE_SAMPLES } from '../run/plan';
import { columnUnitLines } from '../run/columnUnits';
import { DEFAULT_METHOD } from './args';
import { DEFAULT_RHO, RUN_METHODS } from '../scenario/methods';
import { DEFAULT_ERROR_NORM } from '../scenario/errorNorm';

const USAGE = `Usage: npm run --silent sim -- [--scenario ID | --model FILE | --url URL]
                               [--method ${RUN_METHODS.join('|')}]
                               [--alpha A | --rho-inf R] [--h H] [--t-end T] [--sample-dt DT]
                               [--tol TOL [--error-norm position|position-velocity] [--h-min HMIN] [--h-max HMAX]]
                               [--set NAME=VALUE ...] [--format csv|json]
       npm run --silent sim -- study convergence|alpha-sweep|rho-sweep|stability [...]   (see: sim study --help)

Runs one scenario without the web app and prints one row per sample time
t = 0, DT, 2 DT, ... t_end with the columns (a share link runs exactly as in the web app:
\`sim --url LINK --method M\` ends on the app's final row to the last bit)
  ${SAMPLE_COLUMNS.join(',')}
then one column per output of the model, named as in the model file. Units (the CSV header holds the
names only; --format json carries them as \`units\`, one per column):
${columnUnitLines('  ').join('\n')}

Options (flags may also be written --alpha=-0.2; later flags override earlier ones and --url):
  --scenario ID     a shipped model: ${SCENARIO_IDS.join(' | ')} (default ${DEFAULT_SCENARIO_ID}; listed below)
  --model FILE      your own model file (format hht-model/1, docs/model-format.md); - reads standard input.
                    Its parameters are --set names; notices on stderr say how far the assembly moved each
                    body and which equations were removed as redundant; every mistake in the file is one
                    line on stderr (exit 2)
  --url URL         a share link of the web app, or its query string; sets everything the link sets
                    (a link comparing one method selects it). A link's own model (model-data=…) is read
                    from it; a hosted one (model=https://…) is fetched (${MODEL_LINK_LIMITS.fetchMs / 1000} s, ${MODEL_LINK_LIMITS.fetchedBytes} bytes at most)
  --method M        ${RUN_METHODS.join(' | ')} (default ${DEFAULT_METHOD});
                    a link comparing methods runs ${DEFAULT_METHOD} if it lists it, else its first method
  --alpha A         HHT alpha in [-1/3, 0], classical and modified only (default: per scenario, below)
  --rho-inf R       spectral radius at infinity rho_inf in [0, 1] of generalized-alpha, lie-group and
                    ji-xing only (default ${DEFAULT_RHO === 2 / 3 ? '2/3' : formatNumber(DEFAULT_RHO)}). Each method takes its own
                    parameter: --alpha with a rho_inf method, or --rho-inf with HHT, is bad input (exit 2),
                    never converted (HHT alpha and rho_inf are related by rho_inf = (1 + alpha)/(1 - alpha)).
                    lie-group runs with a fixed step only (no --tol)
  --h H             step size in s (default: per scenario); with --tol the initial step
  --t-end T         end time in s (default: per scenario); at most ${MAX_STEPS} steps (t_end / h)
  --sample-dt DT    time between rows in s (default h for a fixed step, a whole multiple of h;
                    with --tol the web app's grid max(h, t_end / ${ADAPTIVE_SAMPLES}), any DT >= h_min)
  --tol TOL         adaptive step size with local error tolerance TOL in [${formatNumber(TOLERANCE_MIN)}, ${formatNumber(TOLERANCE_MAX)}]
                    (Negrut et al. Eq. 34; default: none, i.e. fixed step h). The initial step is h
                    as given; column h is the largest step since the previous row; steps land on
                    the sample times, so a DT other than the default changes the steps taken
  --error-norm N    adaptive only: which local errors TOL controls (default ${DEFAULT_ERROR_NORM}):
                    position           the positions only (Negrut Eq. 34): e_w falls about 1.5-2x per decade
                                       of TOL; what share links of schema v1 (v=1) use
                    position-velocity  the positions and the velocities (velocity tolerance TOL (TOL/0.1)^(1/4)):
                                       e_w falls 3-10x per decade of TOL, at more steps
                                       (docs/stability-and-tolerance.md)
  --h-min HMIN      adaptive only: smallest step in s before the run is given up
                    (default t_end / ${MAX_STEPS}; t_end / HMIN may not exceed ${MAX_STEPS})
  --h-max HMAX      adaptive only: largest step in s (default max(h, DT): steps land on every sample time, so
                    the sample grid is the cap); HMIN < HMAX, and the initial step h must lie in [HMIN, HMAX].
                    Where the error control would take longer steps the cap sets them: --format json counts
                    those steps (stepsCapped)
  --set NAME=VALUE  a scenario parameter (vectors as comma lists, e.g. --set omega0=0,150,-4.61538);
                    alpha, rho, h, t, tol, norm and methods are accepted too, as in share links
  --format F        csv | json (default csv); json adds the settings, each column's unit and, at the end, the failure
                    {time, reason, cause}, the accepted, rejected and cap-limited steps and the Newton
                    iterations of the run
  --help            this text

Exit codes: 0 finished, 2 bad input (a mistake in a model file too), 3 solver failure (rows so far are printed).

Studies (many runs, both methods; \`sim study --help\` has the flags and per-scenario defaults):
  study convergence   e_w (Sherif Eq. 71) and position error over step sizes against a fine
                      reference, with the observed order (paper Figs. 2 and 9)
  study alpha-sweep   final angular velocity and energy error over alpha in [-1/3, 0]
                      (paper Figs. 10 and 5)
  study rho-sweep     the same over rho_inf for generalized-alpha, lie-group, ji-xing
  study stability     the largest stable step of each method on the model, its h*Omega and what
                      fails just above it`;

function boundsText(param: ParamDef): string {
  const scope = param.length === 1 ? '' : ' each';
  return `[${formatNumber(param.min)}, ${formatNumber(param.max)}]${scope}`;
}

function paramLines(def: ScenarioDef): string[] {
  const rows = def.params.map((p) => [p.name, p.unit || '-', p.default.map(formatNumber).join(','), boundsText(p), p.label]);
  const widths = [0, 1, 2, 3].map((col) => Math.max(...rows.map((row) => row[col].length)));
  return rows.map((row) => '    ' + row.map((cell, col) => (col < 4 ? cell.padEnd(widths[col]) : cell)).join('  '));
}

function scenarioSection(def: ScenarioDef): string[] {
  return [
    `  ${def.id} — ${def.title}`,
    `    run defaults: --alpha ${formatNumber(def.defaultAlpha)}  --h ${formatNumber(def.defaultH)} s  --t-end ${formatNumber(def.defaultTEnd)} s`,
    '    parameters (name, unit, default, bounds):',
    ...paramLines(def),
  ];
}

/** The full help text, ending with a newline: the shipped models in the menu's groups. */
export function helpText(): string {
  const groups = scenarioGroups().flatMap((group) => [
    '', `Shipped models: ${group.label}`, ...group.ids.flatMap((id) => ['', ...scenarioSection(SCENARIOS[id])]),
  ]);
  return [USAGE, ...groups, ''].join('\n');
}
