import { useStore } from 'zustand';
import { METHOD_NAMES as INTEGRATOR_METHODS, type MethodName as IntegratorMethod } from '../../solver/integrators/methodNames';
import { downloadText } from '../export/download';
import { exportFileStem } from '../export/fileNames';
import { runJsonText } from '../export/runJsonExport';
import { exportNote, samplesCsv, simCommand } from '../export/samplesCsv';
import { encodeShareQuery } from '../../scenario/url';
import { results } from '../runs';
import { appStore } from '../store';
import { METHOD_LABELS } from '../theme';
import { EmbedCode } from './EmbedCode';
import { PngExport } from './PngExport';

/** The command line whose output equals the CSV export of `method`'s run, byte for byte. */
function equivalentCommand(method: IntegratorMethod): string | null {
  const res = results.current[method];
  if (!res) return null;
  const link = `${window.location.origin}${window.location.pathname}?${encodeShareQuery(res.state)}`;
  return `npm run --silent ${simCommand(link, method, res.state).replace(/^sim /, 'sim -- ')}`;
}

/** Whether a method's run has stopped with samples to export. */
function exportable(method: IntegratorMethod): boolean {
  const phase = appStore.getState().runs[method].phase;
  return (phase === 'finished' || phase === 'failed' || phase === 'cancelled') && (results.current[method]?.exportRows.length ?? 0) > 0;
}

/** The CSV text of a method's run, as `sim` writes it (null while there is none). */
export function runCsv(method: IntegratorMethod): string | null {
  const res = results.current[method];
  return res ? samplesCsv(res.exportRows.view(), res.facts.outputs.map((o) => o.name)) : null;
}

/** The JSON text of a method's stopped run, as `sim --format json` writes it (null while there is none). */
export function runJson(method: IntegratorMethod): string | null {
  const res = results.current[method];
  return res ? runJsonText(method, res, appStore.getState().runs[method]) : null;
}

/** A method's samples as CSV and as JSON (the settings, each column's unit, the rows and how the run ended), as `sim` writes them. */
function RunExport({ method }: { method: IntegratorMethod }) {
  useStore(appStore, (s) => s.plotVersion);
  const phase = useStore(appStore, (s) => s.runs[method].phase);
  const res = results.current[method];
  const ready = exportable(method);
  const stem = res ? `${exportFileStem(res.state)}-${method}` : '';
  const saveCsv = () => {
    const csv = runCsv(method);
    if (csv) downloadText(csv, `${stem}.csv`, 'text/csv');
  };
  const saveJson = () => {
    const json = runJson(method);
    if (json) downloadText(json, `${stem}.json`, 'application/json');
  };
  const note = res
    ? exportNote({ rows: res.exportRows.length / res.width, exportStride: res.exportStride, h: res.state.h, adaptive: res.state.tolerance !== undefined })
    : 'no samples yet';
  return (
    <div className="export-row">
      <span className="export-buttons">
        <button type="button" onClick={saveCsv} disabled={!ready} data-testid={`export-csv-${method}`} aria-describedby={`export-note-${method}`}>
          CSV · {METHOD_LABELS[method]}
        </button>
        <button type="button" onClick={saveJson} disabled={!ready} data-testid={`export-json-${method}`} aria-label={`JSON · ${METHOD_LABELS[method]}`} aria-describedby={`export-note-${method}`} title="The same rows with the settings, each column's unit and how the run ended (sim --format json)">
          JSON
        </button>
      </span>
      <span id={`export-note-${method}`} className="hint">
        {ready ? note : phase === 'running' || phase === 'pending' ? 'available when the run has stopped' : note}
      </span>
      {ready && (
        <span className="hint export-command">
          equals <code data-testid={`export-command-${method}`}>{equivalentCommand(method)}</code>; the JSON adds <span className="export-flag">--format json</span>
        </span>
      )}
    </div>
  );
}

/** Downloads of the current run: its samples as CSV and JSON (as `sim` writes them), its plots as PNG, and its embed code. */
export function ExportPanel() {
  const methods = useStore(appStore, (s) => s.state.methods);
  return (
    <fieldset className="panel export-panel">
      <legend>Export</legend>
      {INTEGRATOR_METHODS.filter((m) => methods.includes(m)).map((m) => (
        <RunExport key={m} method={m} />
      ))}
      <PngExport />
      <EmbedCode />
      <p className="hint">The share link (button top right) reproduces the run; `sim --url` runs it headless.</p>
    </fieldset>
  );
}
