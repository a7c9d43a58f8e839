/**
 * The dialog around the model editor. The editor (CodeMirror and the model reader) is its own chunk, loaded the
 * first time the dialog opens, so it never adds to the first load.
 */
import { Component, lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { closeModelEditor, modelStore } from '../models';

const ModelEditor = lazy(() => import('./ModelEditor').then((m) => ({ default: m.ModelEditor })));

/** Says so when the editor's chunk cannot be loaded (offline before a complete visit), instead of blanking the page. */
class EditorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p className="hint error" role="alert">The editor could not be loaded (no network?). Your text is kept.</p> : this.props.children;
  }
}

export function ModelEditorDialog() {
  const open = useStore(modelStore, (s) => s.open);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="model-dialog" aria-labelledby="model-dialog-title" data-testid="model-editor" onClose={closeModelEditor}>
      <div className="model-dialog-head">
        <h2 id="model-dialog-title">Edit model</h2>
        <span className="hint">format hht-model/1 (docs/model-format.md)</span>
        <button type="button" onClick={closeModelEditor} aria-label="Close the editor" data-testid="model-editor-close">
          ×
        </button>
      </div>
      {open && (
        <EditorBoundary>
          <Suspense fallback={<p className="hint" role="status">Loading the editor…</p>}>
            <ModelEditor />
          </Suspense>
        </EditorBoundary>
      )}
    </dialog>
  );
}
