/**
 * The scenario menu and where a user's model comes in (SPEC §8): the shipped models in their groups ("the paper",
 * "benchmark library"), "your model" (the one running, or the one kept from before), Open model… (a file picker;
 * a file dropped on the page does the same: ModelDropZone) and Edit model.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { getScenario, scenarioGroups } from '../../scenario/registry';
import { CUSTOM_SCENARIO_ID, type ScenarioId } from '../../scenario/types';
import { appStore, selectScenario } from '../store';
import { modelStore, modelTitle, openModel, openModelEditor, openModelFile } from '../models';

/** The menu's entry of the user's model: the running one's title, else the kept text's. */
function useYourModel(): { running: boolean; title: string | null } {
  const running = useStore(appStore, (s) => s.state.model !== undefined);
  const runningTitle = useStore(appStore, (s) => (s.state.model ? getScenario(CUSTOM_SCENARIO_ID)?.title ?? null : null));
  const keptTitle = useStore(modelStore, (s) => modelTitle(s.text));
  return { running, title: running ? runningTitle ?? 'your model' : keptTitle };
}

export function ModelMenu() {
  const scenario = useStore(appStore, (s) => s.state.scenario);
  const yours = useYourModel();
  const file = useRef<HTMLInputElement>(null);
  const choose = (id: ScenarioId) => {
    if (id === CUSTOM_SCENARIO_ID) {
      if (!yours.running) void openModel({ text: modelStore.getState().text }, 'your model');
      return;
    }
    selectScenario(id);
  };
  const onFile = () => {
    const chosen = file.current?.files?.[0];
    if (chosen) void openModelFile(chosen);
    if (file.current) file.current.value = '';
  };
  return (
    <div className="model-menu">
      <label className="scenario-picker">
        <span>Model</span>
        <select value={scenario} onChange={(e) => choose(e.target.value)} data-testid="scenario-select">
          {scenarioGroups().map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.ids.map((id) => (
                <option key={id} value={id}>
                  {getScenario(id).title}
                </option>
              ))}
            </optgroup>
          ))}
          {yours.title !== null && (
            <optgroup label="your model">
              <option value={CUSTOM_SCENARIO_ID}>{yours.title}</option>
            </optgroup>
          )}
        </select>
      </label>
      <button type="button" onClick={() => file.current?.click()} data-testid="open-model" title="Open a model file (JSON, format hht-model/1); or drop one on the page">
        <span className="label-long">Open model…</span>
        <span className="label-short">Open…</span>
      </button>
      <input ref={file} type="file" accept=".json,application/json" hidden onChange={onFile} data-testid="open-model-file" />
      <button type="button" onClick={openModelEditor} data-testid="edit-model" title="Write or change a model file; mistakes are marked as you type">
        <span className="label-long">Edit model</span>
        <span className="label-short">Edit</span>
      </button>
    </div>
  );
}

/** Dropping a file anywhere on the page opens it as a model; the page says so while a file is dragged over it. */
export function ModelDropZone() {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setOver(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const dragOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      const dropped = e.dataTransfer?.files?.[0];
      if (dropped) void openModelFile(dropped);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', dragOver);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', dragOver);
      window.removeEventListener('drop', drop);
    };
  }, []);
  if (!over) return null;
  return (
    <div className="drop-zone" data-testid="model-drop-zone" aria-hidden="true">
      Drop a model file (JSON) to open it
    </div>
  );
}
