import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { formatNumber } from '../../scenario/validate';
import { slugOf } from '../export/fileNames';
import { downloadBlob, downloadText } from '../export/download';
import { chartSvg } from '../export/chartsFigure';
import { figurePng, pageFont, svgDocument } from '../export/figure';
import {
  cancelStudy,
  checkStudy,
  commandText,
  followScenario,
  handleStudyRequest,
  resultCsv,
  setStudyKind,
  setStudyText,
  startStudy,
  studyArgv,
  studyFields,
  studyKinds,
  studyMethods,
  studyStore,
  sameTarget,
  type StabilityResult,
  type StudyKind,
  type StudyPhase,
  type StudyResult,
  type StudyTarget,
} from '../studies';
import { copyText } from '../clipboard';
import { scenarioOf } from '../../scenario/registry';
import { linearVerdict, MODE_TEXT } from '../stability';
import { StabilityChart, stabilitySummary } from './StabilityChart';
import { appStore } from '../store';
import { DEFAULT_RHO, takesParameter } from '../../scenario/methods';
import { sweepAxis, sweptValue } from '../studyPlot';
import { METHOD_LABELS, usePalette } from '../theme';
import { TextField } from './Field';
import { RadioChoice } from './SliderField';
import { StudyChart, studySummary } from './StudyChart';
import { DampingScanCharts, dampingScanSummary, DampingScanTable } from './DampingScanView';

const KIND_CHOICES: readonly { value: StudyKind; label: string }[] = [
  { value: 'convergence', label: 'convergence (Figs. 2, 9)' },
  { value: 'alpha-sweep', label: 'α sweep, HHT (Figs. 5, 10)' },
  { value: 'rho-sweep', label: 'ρ∞ sweep (GA, Lie group, Ji–Xing)' },
  { value: 'stability', label: 'largest stable step' },
  { value: 'damping-scan', label: 'where α and ρ∞ are unstable' },
];

/** A user's model's title (the title a result's model had, even once another model is on screen). */
function modelTitleOf(target: StudyTarget): string {
  return scenarioOf(target)?.title ?? 'your model';
}

/** The model as the panel names it, mid-sentence: a shipped scenario by its id, a user's model by its title. */
function modelName(target: StudyTarget): string {
  return target.model ? `model “${modelTitleOf(target)}”` : `scenario ${target.scenario}`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Which methods the study runs, each with the parameter it gets: said in words above the command. */
function runsText(kind: StudyKind, state: ReturnType<typeof appStore.getState>['state']): string {
  const methods = studyMethods(kind, state.methods);
  const names = methods.map((m) => METHOD_LABELS[m]).join(', ');
  const withRho = (kind === 'convergence' || kind === 'stability') && takesParameter(methods, 'rho');
  const rho = withRho ? `; the ρ∞ methods at the app’s ρ∞ = ${formatNumber(state.rho ?? DEFAULT_RHO)}` : '';
  const alpha = kind === 'stability' && takesParameter(methods, 'alpha') ? `; HHT at the app’s α = ${formatNumber(state.alpha)}` : '';
  return `${capitalized(modelName(state))} with its current parameters; methods ${names}${alpha}${rho}.`;
}

function StudySettings() {
  const state = useStore(appStore, (s) => s.state);
  const study = useStore(studyStore);
  const checked = checkStudy(state, study);
  const running = study.phase === 'running';
  const kinds = studyKinds(state.methods);
  const offered = kinds.includes(study.kind);
  // A sweep no compared method takes (say, the α sweep with only ρ∞ methods) gives way to the convergence study.
  useEffect(() => {
    if (!offered && study.phase !== 'running') setStudyKind('convergence', appStore.getState().state);
  }, [offered, study.phase]);
  return (
    <div className="study-settings">
      <RadioChoice<StudyKind>
        label="Study"
        ariaLabel="Study"
        options={KIND_CHOICES.filter((c) => kinds.includes(c.value))}
        current={study.kind}
        testIdPrefix="study-kind"
        onChange={(k) => setStudyKind(k, state)}
      />
      {studyFields(study.kind, state, study.texts).map((f) => (
        <TextField
          key={`${study.kind}${f.flag}`}
          label={
            <>
              {f.label} <span className="key">{f.flag}</span>
              {f.unit && <span className="unit"> ({f.unit})</span>}
            </>
          }
          value={study.texts[f.flag] ?? ''}
          issue={null}
          hint=""
          testId={`study-field${f.flag.slice(1)}`}
          onChange={(text) => setStudyText(f.flag, text)}
        />
      ))}
      <p className="hint">
        {runsText(study.kind, state)} The same study on the command line{state.model ? ' (the link carries the model)' : ''}:
      </p>
      <StudyCommand text={commandText(studyArgv(study.kind, state, study.texts))} />
      {'error' in checked && (
        <p className="hint error" role="alert" data-testid="study-issue">
          {checked.error}
        </p>
      )}
      <div className="run-buttons">
        <button type="button" onClick={() => startStudy(state)} disabled={'error' in checked || running} data-testid="study-run">
          Run study
        </button>
        <button type="button" onClick={cancelStudy} disabled={!running} data-testid="study-cancel">
          Cancel
        </button>
      </div>
      <StudyStatus />
    </div>
  );
}

/** The equivalent command, with a button that copies it (a user's model makes it long: its link carries the model). */
function StudyCommand({ text }: { text: string }) {
  const [copied, setCopied] = useState('');
  useEffect(() => setCopied(''), [text]);
  return (
    <div className="study-command-block">
      {/* Focusable: a long command scrolls, and a keyboard must reach all of it. */}
      <code className="study-command" data-testid="study-command" tabIndex={0} aria-label="The same study on the command line">
        {text}
      </code>
      <button type="button" className="study-copy" data-testid="study-copy" onClick={async () => setCopied((await copyText(text)) ? 'Command copied' : 'Copy failed: select the command and copy it')}>
        Copy
      </button>
      <span className="hint" role="status">
        {copied}
      </span>
    </div>
  );
}

function StudyStatus() {
  const { phase, progress, elapsedMs, error } = useStore(studyStore);
  const fraction = phase === 'done' ? 1 : progress ? progress.done / Math.max(1, progress.total) : 0;
  const text =
    phase === 'running' ? `run ${Math.min((progress?.done ?? 0) + 1, progress?.total ?? 1)} of ${progress?.total ?? '…'}: ${progress?.label ?? 'starting'}`
    : phase === 'done' ? `done in ${(elapsedMs / 1000).toFixed(1)} s`
    : phase === 'cancelled' ? 'cancelled'
    : phase === 'failed' ? `failed: ${error}`
    : '';
  return (
    <div className="study-status">
      <progress max={1} value={fraction} aria-label="Study progress" />
      <div className={phase === 'failed' ? 'run-status error' : 'run-status'} role="status" data-testid="study-status" data-phase={phase}>
        {text}
      </div>
    </div>
  );
}

function num(x: number): string {
  return Number.isFinite(x) ? Number(x.toPrecision(4)).toString() : '—';
}

/** The stability study's table: per method h_max, h·Ω, what fails above it, and the linear oscillator's verdict. */
function StabilityTable({ result }: { result: StabilityResult }) {
  const { hRange, bounds, tEnd } = result.options;
  // The summary sits above the table, not in its caption: on a phone the table scrolls sideways and would cut it.
  return (
    <>
      <p className="hint" data-testid="stability-summary">
        {stabilitySummary(result)} Stable: the run reaches t = {formatNumber(tEnd)} s without a failure, creates energy E − E₀ − W ≤ {formatNumber(bounds.energy)} ×
        the run’s energy scale and the constraint residual ≤ {formatNumber(bounds.constraint)}; h scanned over [{formatNumber(hRange[0])},{' '}
        {formatNumber(hRange[1])}] s.
      </p>
      <table className="theory-table study-table" data-testid="study-table">
        <caption>Largest stable step per method, and the linear oscillator’s verdict</caption>
        <thead>
          <tr>
            <th scope="col">method</th>
            <th scope="col">h_max (s)</th>
            <th scope="col">h·Ω</th>
            <th scope="col">above h_max</th>
            <th scope="col">linear oscillator</th>
          </tr>
        </thead>
        <tbody>
          {result.points.map((p) => (
            <tr key={p.method} data-testid={`study-row-${p.method}`}>
              <th scope="row">{METHOD_LABELS[p.method]}</th>
              <td data-testid={`stability-hmax-${p.method}`}>{Number.isNaN(p.hMax) ? `< ${formatNumber(hRange[0])}` : `${Number.isNaN(p.hFail) ? '≥ ' : ''}${num(p.hMax)}`}</td>
              <td>{num(p.omegaH)}</td>
              <td data-testid={`stability-mode-${p.method}`}>
                {p.failureMode ? `${MODE_TEXT[p.failureMode]} (h = ${num(p.hFail)} s, at t = ${num(p.failureTime)} s)` : 'nothing failed in the range'}
              </td>
              <td>{linearVerdict(p.method, p.parameter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The result as a table: the numbers behind the plot (and its text alternative). */
function StudyTable({ result }: { result: StudyResult }) {
  if (result.kind === 'stability') return <StabilityTable result={result} />;
  if (result.kind === 'damping-scan') return <DampingScanTable result={result} />;
  if (result.kind === 'convergence') {
    return (
      <table className="theory-table study-table" data-testid="study-table">
        <caption>{studySummary(result)}</caption>
        <thead>
          <tr>
            <th scope="col">method</th>
            <th scope="col">h (s)</th>
            <th scope="col">e_ω</th>
            <th scope="col">order ω</th>
            <th scope="col">e_q</th>
            <th scope="col">order q</th>
          </tr>
        </thead>
        <tbody>
          {result.points.map((p) => (
            <tr key={`${p.method}-${p.h}`} data-testid={`study-row-${p.method}-${p.h}`}>
              <th scope="row">{METHOD_LABELS[p.method]}</th>
              <td>{formatNumber(p.h)}</td>
              <td>{p.failure ? `failed: ${p.failure}` : p.omegaError.toExponential(3)}</td>
              <td data-testid={`study-order-${p.method}-${p.h}`}>{num(p.omegaOrder)}</td>
              <td>{p.failure ? '' : p.positionError.toExponential(3)}</td>
              <td>{num(p.positionOrder)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const { symbol } = sweepAxis(result.kind);
  return (
    <table className="theory-table study-table" data-testid="study-table">
      <caption>{studySummary(result)}</caption>
      <thead>
        <tr>
          <th scope="col">method</th>
          <th scope="col">{symbol}</th>
          <th scope="col">final ω (rad/s)</th>
          <th scope="col">energy error (J)</th>
        </tr>
      </thead>
      <tbody>
        {result.points.map((p) => (
          <tr key={`${p.method}-${sweptValue(p)}`} data-testid={`study-row-${p.method}-${sweptValue(p)}`}>
            <th scope="row">{METHOD_LABELS[p.method]}</th>
            <td>{num(sweptValue(p))}</td>
            <td>{p.failure ? `failed: ${p.failure}` : p.finalOmega.map(num).join(', ')}</td>
            <td>{num(p.energyError)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A model in a file name: a shipped scenario's id, a user's model's title as the exports write it (slugOf). The
 * result's own model, which may no longer be the one on screen (so not exportFileStem, which names the current one).
 */
export function fileStem(target: StudyTarget): string {
  return target.model ? slugOf(modelTitleOf(target)) : target.scenario;
}

/**
 * What the shown table is when it is not the result of the settings just run: the previous result while a new study
 * runs, after it failed or was cancelled; and a result of another model than the one on screen. Null: it is current.
 */
export function previousNote(result: StudyResult, phase: StudyPhase, on: StudyTarget): string | null {
  const other = sameTarget(result.options, on) ? '' : ` It is a study of ${modelName(result.options)}, not of the model on screen.`;
  const why = phase === 'running' ? 'Previous result: it stays until the study now running finishes.'
    : phase === 'failed' ? 'The last study failed; this is the previous result.'
    : phase === 'cancelled' ? 'The last study was cancelled; this is the previous result.'
    : other !== '' ? 'Previous result.'
    : null;
  return why === null ? null : `${why}${other}`;
}

/** A result's one-line summary. */
function summaryOf(result: StudyResult): string {
  if (result.kind === 'damping-scan') return dampingScanSummary(result);
  return result.kind === 'stability' ? stabilitySummary(result) : studySummary(result);
}

/** CSV (as `sim study` prints it), PNG and SVG of the study plot. */
function StudyExport({ result, chartRoot }: { result: StudyResult; chartRoot: React.RefObject<HTMLDivElement | null> }) {
  const palette = usePalette();
  const [status, setStatus] = useState('');
  const name = `hht-${fileStem(result.options)}-${result.kind}`;
  const svg = () => {
    const el = chartRoot.current ? chartSvg(chartRoot.current) : null;
    if (!el) throw new Error('the plot is not drawn');
    return el;
  };
  const run = async (what: string, action: () => Promise<void> | void) => {
    try {
      await action();
      setStatus(`${what} saved`);
    } catch (error) {
      setStatus(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const style = { background: palette.panel, text: palette.text, font: pageFont(), scale: 2 };
  return (
    <div className="study-export">
      <button type="button" data-testid="study-export-csv" onClick={() => run('CSV', () => downloadText(resultCsv(result), `${name}.csv`, 'text/csv'))}>
        CSV
      </button>
      <button
        type="button"
        data-testid="study-export-png"
        onClick={() => run('PNG', async () => downloadBlob(await figurePng([{ heading: summaryOf(result), headingColor: palette.text, charts: [{ caption: '', image: svg() }] }], style), `${name}.png`))}
      >
        PNG
      </button>
      <button type="button" data-testid="study-export-svg" onClick={() => run('SVG', () => downloadText(svgDocument(svg(), style), `${name}.svg`, 'image/svg+xml'))}>
        SVG
      </button>
      <span className="hint" role="status">
        {status}
      </span>
    </div>
  );
}

/**
 * Studies over many runs in a worker, with progress and cancel: convergence (log–log e_ω and
 * position error over h, observed order per segment), the α sweep (HHT) and the ρ∞ sweep (the others). A preset may ask for its
 * study to start (the view's studyRequest).
 */
export function StudiesPanel() {
  const scenario = useStore(appStore, (s) => s.state.scenario);
  const model = useStore(appStore, (s) => s.state.model);
  const request = useStore(appStore, (s) => s.view.studyRequest);
  const result = useStore(studyStore, (s) => s.result);
  const phase = useStore(studyStore, (s) => s.phase);
  const chartRoot = useRef<HTMLDivElement>(null);
  useEffect(() => followScenario({ scenario, ...(model ? { model } : {}) }), [scenario, model]);
  useEffect(() => handleStudyRequest(request, appStore.getState().state), [request]);
  const note = result ? previousNote(result, phase, { scenario, model }) : null;
  return (
    <section className="tab-body studies" aria-label="Studies" data-testid="studies-panel">
      <StudySettings />
      <div className={note ? 'study-results previous' : 'study-results'} ref={chartRoot} data-previous={note ? 'true' : 'false'}>
        {result ? (
          <>
            {note && (
              <p className="study-previous" data-testid="study-previous">
                {note}
              </p>
            )}
            {result.kind === 'stability' && <StabilityChart result={result} />}
            {result.kind === 'damping-scan' && <DampingScanCharts result={result} />}
            {result.kind !== 'stability' && result.kind !== 'damping-scan' && <StudyChart result={result} />}
            <StudyExport result={result} chartRoot={chartRoot} />
            <StudyTable result={result} />
          </>
        ) : (
          <p className="hint">Run a study to see its plot: the defaults reproduce the paper’s figure for this scenario (the stability study: three decades of h around the scenario’s step).</p>
        )}
      </div>
    </section>
  );
}
