/**
 * What is written over the 3D view: each method's name with its ω (or the model output the plots show in ω's
 * place) at the playhead time, the time itself, and the axes legend. The numbers follow the playhead through refs (it changes
 * every frame); React renders only when the methods or the plotted component change.
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { RunMethod as IntegratorMethod } from '../../../scenario/methods';
import { playheadStore } from '../../playhead';
import { results } from '../../runs';
import { appStore } from '../../store';
import { failedReadout, omegaReadout, outputReadout } from './readout';
import { shownOutput } from '../../chartViews';
import type { OutputColumn } from '../../../run/modelFacts';
import { METHOD_LABELS, type Palette } from '../../theme';
import { METHOD_SHORT } from '../../methodInfo';
import { MethodSwatch } from '../MethodSwatch';

/**
 * Method names over their rigs, each with its ω at the playhead, and the playhead time; overlaid,
 * each name says whether its body is the solid one or a ghost. Three or four methods do not fit over
 * their rigs, nor do names over rigs stacked one above the other: then a list at the top left, one
 * line per method (swatch, short name, ω) under a heading that says the component and unit once.
 */
export function SceneReadout({ methods, palette, overlaid = false, stacked = false }: { methods: readonly IntegratorMethod[]; palette: Palette; overlaid?: boolean; stacked?: boolean }) {
  const component = useStore(appStore, (s) => s.view.component);
  // The output the plots show in ω's place (name, unit, index among the model's outputs), as one stable string.
  const outputKey = useStore(appStore, (s) => {
    const outputs: readonly OutputColumn[] = s.modelFacts?.outputs ?? [];
    const name = shownOutput(s.view.output, outputs);
    const index = outputs.findIndex((o) => o.name === name);
    return index < 0 ? '' : JSON.stringify({ name, unit: outputs[index].unit, index });
  });
  const omegas = useRef<Partial<Record<IntegratorMethod, HTMLSpanElement | null>>>({});
  const time = useRef<HTMLSpanElement>(null);
  const compact = methods.length >= 3 || (stacked && methods.length > 1);
  const output = outputKey === '' ? null : (JSON.parse(outputKey) as { name: string; unit: string; index: number });
  useEffect(() => {
    const show = () => {
      const t = playheadStore.getState().time;
      const { runs } = appStore.getState();
      if (time.current) time.current.textContent = `t = ${t.toFixed(3)} s`;
      for (const m of methods) {
        const el = omegas.current[m];
        const res = results.current[m];
        if (!el) continue;
        const failed = failedReadout(runs[m]?.failure?.time ?? null, t);
        el.toggleAttribute('data-failed', failed !== null);
        el.textContent =
          failed ??
          (output ? outputReadout(res?.exportRows.view(), res?.width ?? 0, output, t, compact) : omegaReadout(res?.rows.view(), component, t, compact));
      }
    };
    show();
    const a = playheadStore.subscribe(show);
    const b = appStore.subscribe((s, prev) => {
      if (s.plotVersion !== prev.plotVersion || s.runs !== prev.runs) show();
    });
    return () => {
      a();
      b();
    };
    // `output` is read from `outputKey`, its stable form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [methods, component, compact, outputKey]);
  return (
    <>
      <div className={compact ? 'scene-labels compact' : 'scene-labels'} data-testid="scene-readout">
        {compact && <span className="scene-labels-heading">{output ? `${output.name}${output.unit ? ` (${output.unit})` : ''}` : `ω${component} (rad/s)`}</span>}
        {methods.map((m) => (
          <span key={m} className="scene-label" style={{ color: palette.method[m] }}>
            {compact && <MethodSwatch method={m} palette={palette} />}
            <span>
              {compact ? METHOD_SHORT[m] : METHOD_LABELS[m]}
              {overlaid && (m === methods[0] ? ' (solid)' : ' (ghost)')}
            </span>
            <span
              className="scene-omega"
              data-testid={`readout-omega-${m}`}
              ref={(el) => {
                omegas.current[m] = el;
              }}
            />
          </span>
        ))}
      </div>
      <span className="scene-time" data-testid="readout-time" ref={time} />
    </>
  );
}

/** Which colour is which axis, which way is up (the model's, against gravity), and how to move the view. */
export function AxesLegend({ up }: { up: string | null }) {
  return (
    <div className="scene-legend" aria-hidden="true">
      axes: <span style={{ color: '#e5484d' }}>x</span> <span style={{ color: '#30a46c' }}>y</span>{' '}
      <span style={{ color: '#3e63dd' }}>z</span> ({up ? `${up} up` : 'up against gravity'})
      <span className="scene-hint"> · drag or one finger to orbit, scroll or pinch to zoom</span>
    </div>
  );
}
