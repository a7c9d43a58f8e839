import { useStore } from 'zustand';
import type { IntegratorMethod } from '../../solver/simulate';
import { formatNumber } from '../../scenario/validate';
import { hhtBetaGamma } from '../alpha';
import { results } from '../runs';
import { appStore, selectScenario } from '../store';
import { METHOD_LABELS } from '../theme';
import { measuredFirstStep, measuredValue, theoryInputs, theoryRows, type MeasuredStep } from '../theoryRows';
import { Formula } from './TheoryFormulas';

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

/**
 * The papers' one-step closed forms for the current α, h, ω′ and μ = M_x/J_x, each next to the
 * first step the running simulation took, and the difference (which should be of the order of
 * the first neglected term).
 */
export function TheoryPanel() {
  useStore(appStore, (s) => s.plotVersion);
  const state = useStore(appStore, (s) => s.state);
  if (state.scenario !== 'spin') {
    return (
      <section className="tab-body theory" aria-label="Theory overlay">
        <p>
          The one-step closed forms of the papers describe a single-axis spin under a constant moment.{' '}
          <button type="button" onClick={() => selectScenario('spin')} data-testid="theory-open-spin">
            Open the spin scenario
          </button>
        </p>
      </section>
    );
  }
  const inputs = theoryInputs(state);
  const { gamma } = hhtBetaGamma(inputs.alpha);
  const adaptive = state.tolerance !== undefined;
  const steps: Partial<Record<IntegratorMethod, MeasuredStep | null>> = { classical: measured('classical'), modified: measured('modified') };
  return (
    <section className="tab-body theory" aria-label="Theory overlay" data-testid="theory-panel">
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
                <td data-testid={`theory-${row.key}-measured`}>{row.notApplicable ?? (step ? num(got) : 'waiting for the run')}</td>
                <td data-testid={`theory-${row.key}-difference`}>{row.notApplicable || !step ? '' : sci(got - predicted)}</td>
                <td>{Number.isFinite(row.prediction.order) ? `O(h${toSuperscript(row.prediction.order)})` : 'none (exact)'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

function toSuperscript(n: number): string {
  return String(n).replace(/\d/g, (d) => SUPERSCRIPTS[Number(d)]);
}
