import { useStore } from 'zustand';
import type { MethodParameterKey, RunMethod } from '../../scenario/methods';
import { getScenario } from '../../scenario/registry';
import { formatNumber } from '../../scenario/validate';
import {
  intervalConditions, intervalsText, markSegments, methodMarks, pageScanStore, scanConditions, scanFor, type DampingScanSummary, type ScanVerdict,
} from '../dampingMarks';
import { METHOD_SHORT } from '../methodInfo';
import { appStore } from '../store';
import { METHOD_LABELS, usePalette } from '../theme';
import { InfoTip } from './InfoTip';

/** The damping scan that describes the model and step on screen, or why there is none. */
export function useScanVerdict(): ScanVerdict {
  const state = useStore(appStore, (s) => s.state);
  const page = useStore(pageScanStore, (s) => s.scan);
  return scanFor(state, getScenario(state.scenario), page);
}

const SYMBOL: Readonly<Record<MethodParameterKey, string>> = { alpha: 'α', rho: 'ρ∞' };

/** Each compared method's verdict in one sentence: "modified HHT unstable for α ≥ −0.04; classical HHT stable at every α". */
function verdictSentence(scan: DampingScanSummary, methods: readonly RunMethod[], parameter: MethodParameterKey): string {
  return methodMarks(scan, methods, parameter)
    .map(({ method, intervals }) => `${METHOD_LABELS[method]} ${intervalsText(intervals, parameter)}`)
    .join('; ');
}

/** Why nothing is marked, in words (`compact`: the bar's short line). */
function noScanText(verdict: Extract<ScanVerdict, { kind: 'none' }>, h: number, compact: boolean): string {
  if (compact) return verdict.reason === 'other-values' ? 'unstable values: not measured for these parameters' : 'unstable values: not measured at this h';
  if (verdict.reason === 'other-step') return `Where α or ρ∞ is unstable was measured at h = ${formatNumber(verdict.scanH ?? NaN)} s, not at this h = ${formatNumber(h)} s.`;
  if (verdict.reason === 'other-values') return 'Where α or ρ∞ is unstable was measured at the model’s default parameter values, not at these.';
  return `Where α or ρ∞ is unstable at h = ${formatNumber(h)} s is not measured for this model.`;
}

/**
 * Under a damping slider (α or ρ∞): for each compared method that takes it, a strip along the slider's travel
 * hatched where the method was measured unstable on the model on screen at its step (the damping scan), and a line
 * that says so in words. `compact` (the bar over the plots) keeps the words to one short line with the full sentence
 * behind a "?"; the settings say it in full and offer to measure it where nothing applies.
 */
export function DampingMarks({ parameter, compact = false, children }: { parameter: MethodParameterKey; compact?: boolean; children?: React.ReactNode }) {
  const methods = useStore(appStore, (s) => s.state.methods);
  const h = useStore(appStore, (s) => s.state.h);
  const verdict = useScanVerdict();
  const palette = usePalette();
  const symbol = SYMBOL[parameter];
  const testId = `marks-${parameter}${compact ? '-bar' : ''}`;
  if (verdict.kind === 'none') {
    return (
      <div className="damping-marks" data-testid={testId} data-measured="no">
        <p className="marks-legend hint" data-testid={`${testId}-legend`}>
          {noScanText(verdict, h, compact)}
          {children}
        </p>
      </div>
    );
  }
  const { scan } = verdict;
  const step = parameter === 'alpha' ? scan.alphaStep : scan.rhoStep;
  const rows = methodMarks(scan, methods, parameter);
  const full = `Measured ${scanConditions(scan)} (${verdict.source === 'page' ? 'on this page' : 'kept in the model file'}; ${symbol} every ${formatNumber(step)}): ${verdictSentence(scan, methods, parameter)}.`;
  const unstable = rows.filter((r) => r.intervals && r.intervals.length > 0).map((r) => `${METHOD_SHORT[r.method]} ${intervalConditions(r.intervals!, parameter)}`);
  return (
    <div className="damping-marks" data-testid={testId} data-measured="yes">
      <div className="marks-track" aria-hidden="true" data-testid={`${testId}-track`}>
        {rows.map(({ method, intervals }) => (
          <div key={method} className="marks-row" data-method={method} style={{ color: palette.method[method] }}>
            {markSegments(intervals ?? [], parameter, step).map((seg, k) => (
              <span
                key={k}
                className="mark-unstable"
                data-testid={`mark-${parameter}-${method}`}
                data-start={seg.start}
                data-end={seg.end}
                style={{ left: `${seg.start * 100}%`, width: `${(seg.end - seg.start) * 100}%` }}
              />
            ))}
          </div>
        ))}
      </div>
      <p className={compact ? 'marks-legend marks-compact hint' : 'marks-legend hint'} data-testid={`${testId}-legend`}>
        {compact ? (
          <>
            <span className="mark-key" aria-hidden="true" />{' '}
            <span className="marks-words">{unstable.length > 0 ? `unstable: ${unstable.join('; ')}` : `stable at every ${symbol} (measured)`}</span>
            {/* On a tablet and a phone the bar keeps the key's word only; the settings' α field says it in full. */}
            <span className="marks-short" aria-hidden="true">unstable</span>{' '}
            <InfoTip about={`where ${symbol} is unstable`} text={full} testId={`tip-${testId}`} />
          </>
        ) : (
          full
        )}
        {children}
      </p>
    </div>
  );
}
