import { useStore } from 'zustand';
import type { IntegratorMethod } from '../../solver/simulate';
import { DEFAULT_RHO, type RunMethod } from '../../scenario/methods';
import type { ScenarioState } from '../../scenario/types';
import { formatNumber } from '../../scenario/validate';
import { hhtBetaGamma } from '../alpha';
import { results } from '../runs';
import { appStore, selectScenario } from '../store';
import { METHOD_LABELS, usePalette } from '../theme';
import {
  measuredFirstStep, measuredValue, METHOD_THEORY, methodParameterLine, STEP_LIMITS, theoryInputs, theoryOrder, theoryRows, type MeasuredStep,
} from '../theoryRows';
import { FamilyFormula, Formula } from './TheoryFormulas';

function num(x: number, digits = 10): string {
  return Number.isFinite(x) ? Number(x.toPrecision(digits)).toString() : '—';
}

function sci(x: number): string {
  return Number.isFinite(x) ? (x === 0 ? '0' : x.toExponential(2)) : '—';
}

/** The first step of the shown run of `method`, if it belongs to the current state. */
function measured(method: IntegratorMethod): MeasuredStep | null {
  const res = results.current[method];
  if (!res || res.state !== appStore.getState().state) return null;
  return measuredFirstStep(res.head, res.coordinates);
}

/** One method's paragraph: why it does or does not decay the spin, its key equations, parameters and measured numbers. */
function MethodParagraph({ method, state }: { method: RunMethod; state: ScenarioState }) {
  const palette = usePalette();
  const theory = METHOD_THEORY[method];
  return (
    <article className="method-theory" style={{ borderLeftColor: palette.method[method] }} data-testid={`theory-method-${method}`}>
      <h3 style={{ color: palette.method[method] }}>{theory.heading}</h3>
      <p>{theory.why}</p>
      <div className="theory-equations">
        {theory.formulas.map((f) => (
          <FamilyFormula key={f.key} formula={f.key} plain={f.plain} source={f.source} />
        ))}
      </div>
      <p className="hint">
        Runs with {methodParameterLine(method, state.alpha, state.rho ?? DEFAULT_RHO)}. Measured: {theory.measured}
      </p>
      <p className="theory-step-limit" data-testid={`theory-step-limit-${method}`}>
        <strong>What limits its step on a jointed model.</strong> {STEP_LIMITS[method]}
      </p>
    </article>
  );
}

/**
 * Why each method does or does not decay the spin: the compared methods first (drawing order), the rest
 * of the family folded below; then, for the spin, the one-step closed forms against the measured step.
 */
export function TheoryPanel() {
  const state = useStore(appStore, (s) => s.state);
  const { compared, others } = theoryOrder(state.methods);
  return (
    <section className="tab-body theory" aria-label="Theory overlay">
      <div className="theory-methods" data-testid="theory-methods">
        <p className="theory-inputs">
          Is it HHT, or every implicit method? Is it the integrator or the Euler parameters? A steady spin turns the Euler parameters
          around the unit sphere; each method below keeps it or loses it by how it updates them. On the linear oscillator every one of
          them is unconditionally stable; on a jointed model each has a largest stable step, set by the joints’ index-3 modes and the Euler
          parameters’ updates (the Studies tab’s “largest stable step” measures it for the model on screen).
        </p>
        {compared.map((m) => (
          <MethodParagraph key={m} method={m} state={state} />
        ))}
        {others.length > 0 && (
          <details className="theory-others" data-testid="theory-others">
            <summary>The other methods of the family ({others.map((m) => METHOD_LABELS[m]).join(', ')})</summary>
            {others.map((m) => (
              <MethodParagraph key={m} method={m} state={state} />
            ))}
          </details>
        )}
      </div>
      {state.scenario === 'spin' ? (
        <OneStepTable state={state} />
      ) : (
        <p>
          The one-step closed forms of the papers (Sherif Eqs. 28, 41, 42) describe a single-axis spin under a constant moment.{' '}
          <button type="button" onClick={() => selectScenario('spin')} data-testid="theory-open-spin">
            Open the spin scenario
          </button>
        </p>
      )}
    </section>
  );
}

/**
 * The papers' one-step closed forms for the current α, h, ω′ and μ = M_x/J_x, each next to the
 * first step the running simulation took, and the difference (which should be of the order of
 * the first neglected term). HHT only: the closed forms are those of Sherif et al.
 */
function OneStepTable({ state }: { state: ScenarioState }) {
  useStore(appStore, (s) => s.plotVersion);
  const inputs = theoryInputs(state);
  const { gamma } = hhtBetaGamma(inputs.alpha);
  const adaptive = state.tolerance !== undefined;
  const steps: Partial<Record<IntegratorMethod, MeasuredStep | null>> = { classical: measured('classical'), modified: measured('modified') };
  return (
    <div className="theory-one-step" data-testid="theory-panel">
      <h3>One step of the spin: the closed forms of classical and modified HHT against the run</h3>
      <p className="theory-inputs">
        One step from the initial state with α = {formatNumber(inputs.alpha)} (γ = {num(gamma, 6)}), h = {formatNumber(inputs.h)} s, ω′ = ω0
        <sub>x</sub> = {formatNumber(inputs.omega)} rad/s, μ = M<sub>x</sub>/J<sub>x</sub> = {num(inputs.mu, 8)} rad/s². Δ is the change the step
        makes (ω₁ − ω′, or e₀ − 1); the difference measured − predicted should be of the order of the first neglected term.
      </p>
      {!inputs.singleAxis && <p className="hint error">ω0 or M has y or z components: the closed forms assume a rotation about x only.</p>}
      {adaptive && <p className="hint error">Adaptive stepping: the first sample is not one step of h; switch to a fixed step to compare.</p>}
      <table className="theory-table">
        <thead>
          <tr>
            <th scope="col">method</th>
            <th scope="col">closed form</th>
            <th scope="col">source</th>
            <th scope="col">predicted Δ</th>
            <th scope="col">measured Δ</th>
            <th scope="col">difference</th>
            <th scope="col">neglected</th>
          </tr>
        </thead>
        <tbody>
          {theoryRows(inputs).map((row) => {
            const step = adaptive ? null : steps[row.method];
            const predicted = row.prediction.value - row.before;
            const got = step && !row.notApplicable ? measuredValue(row, step) - row.before : NaN;
            return (
              <tr key={row.key} data-testid={`theory-${row.key}`} className={row.notApplicable ? 'not-applicable' : undefined}>
                <th scope="row" style={{ color: `var(--${row.method})` }}>
                  {METHOD_LABELS[row.method]}
                </th>
                <td>
                  <Formula formula={row.key} plain={row.prediction.formula} />
                </td>
                <td>{row.prediction.source}</td>
                <td data-testid={`theory-${row.key}-predicted`}>{num(predicted)}</td>
                <td data-testid={`theory-${row.key}-measured`}>{row.notApplicable ?? (step ? num(got) : state.methods.includes(row.method) ? 'waiting for the run' : 'not compared in this run')}</td>
                <td data-testid={`theory-${row.key}-difference`}>{row.notApplicable || !step ? '' : sci(got - predicted)}</td>
                <td>{Number.isFinite(row.prediction.order) ? `O(h${toSuperscript(row.prediction.order)})` : 'none (exact)'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

function toSuperscript(n: number): string {
  return String(n).replace(/\d/g, (d) => SUPERSCRIPTS[Number(d)]);
}
