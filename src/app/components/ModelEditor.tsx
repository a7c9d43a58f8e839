/**
 * Edit model: a code editor for the model file (CodeMirror 6 with JSON, the model's JSON Schema for completion, and
 * the reader's own messages at their lines as you type). The text is checked off the main thread (the model
 * reader's worker, app/modelReader.ts, with its deadline), so no text — a hostile one kept as the draft
 * included — can freeze the page. Run reads the text and runs it; a model that fails stays here with its mistakes
 * marked. An edited draft that a file, a link or the menu replaced is one click away ("Restore previous draft").
 * This file and CodeMirror are their own chunk (loaded when the editor opens).
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { EditorState } from '@codemirror/state';
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { lintGutter, linter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { json } from '@codemirror/lang-json';
// The published schema (generated from the reader's, a test keeps them equal): completion without the schema library.
import modelSchema from '../../../docs/model-format.schema.json' with { type: 'json' };
import { modelDiagnostics } from '../editor/modelLint';
import { schemaCompletionSource } from '../editor/schemaCompletion';
import { closeModelEditor, loadModelReader, modelStore, openModel, restorePreviousDraft, setModelText } from '../models';
import { downloadText } from '../export/download';
import { startRun } from '../runner';

/** Wait after the last keystroke before the text is read again, ms. */
const LINT_DELAY_MS = 500;

/** What the status line says about the text: nothing yet, it reads, or its mistakes (the first with its line). */
type Status =
  | { kind: 'idle' }
  | { kind: 'ok' }
  | { kind: 'mistakes'; count: number; first: { line: number; at: number; message: string } };

function statusOf(diagnostics: readonly Diagnostic[], state: EditorState): Status {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0) return { kind: 'ok' };
  const first = errors.reduce((a, b) => (b.from < a.from ? b : a));
  return { kind: 'mistakes', count: errors.length, first: { line: state.doc.lineAt(first.from).number, at: first.from, message: first.message } };
}

/** The editor itself, in the dialog that ModelEditorDialog opens. */
export function ModelEditor() {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [runMessage, setRunMessage] = useState('');
  const url = useStore(modelStore, (s) => s.url);

  const previous = useStore(modelStore, (s) => (s.previous !== null && s.previous !== s.text ? s.previous : null));

  useEffect(() => {
    const lint = linter(async (v) => {
      const state = v.state;
      let read;
      try {
        read = await (await loadModelReader()).readModel(state.doc.toString(), 'check');
      } catch {
        read = { ok: false as const, issues: [{ path: '', message: 'the model reader could not be loaded (no network?)' }] };
      }
      // A newer text is on its way to the reader: its check will say.
      if (read === null) return [];
      const found = modelDiagnostics(state, () => read);
      setStatus(statusOf(found, state));
      return found;
    }, { delay: LINT_DELAY_MS });
    const state = EditorState.create({
      doc: modelStore.getState().text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        json(),
        lint,
        lintGutter(),
        autocompletion({ override: [schemaCompletionSource(modelSchema as never)] }),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap, indentWithTab]),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': 'Model file (JSON)', 'data-testid': 'model-editor-text' }),
        // Every keystroke is kept (localStorage), so nothing typed is lost whatever happens next.
        EditorView.updateListener.of((update) => {
          if (update.docChanged) setModelText(update.state.doc.toString());
        }),
      ],
    });
    const editor = new EditorView({ state, parent: host.current! });
    view.current = editor;
    editor.focus();
    // A model opened from elsewhere while the editor is open (a dropped file) replaces the text.
    const stop = modelStore.subscribe((s) => {
      const doc = editor.state.doc.toString();
      if (s.text !== doc) editor.dispatch({ changes: { from: 0, to: doc.length, insert: s.text } });
    });
    return () => {
      stop();
      editor.destroy();
      view.current = null;
    };
  }, []);

  const run = async () => {
    const text = view.current?.state.doc.toString() ?? modelStore.getState().text;
    setRunMessage('Reading the model…');
    // An unedited hosted model keeps its URL, so its link stays model=<URL>.
    const result = await openModel({ text, ...(url !== undefined && text === modelStore.getState().text ? { url } : {}) }, 'the editor');
    if (result.ok) {
      setRunMessage('');
      closeModelEditor();
      startRun();
    } else {
      setRunMessage(`Not run: ${result.issues.length} mistake${result.issues.length === 1 ? '' : 's'}, marked in the text.`);
    }
  };

  /** Puts the cursor on a mistake (the status line's first one: touch screens have no hover). */
  const goTo = (at: number) => {
    const v = view.current;
    if (!v) return;
    v.dispatch({ selection: { anchor: at }, scrollIntoView: true });
    v.focus();
  };

  const save = () => {
    const text = view.current?.state.doc.toString() ?? '';
    downloadText(text, 'model.json', 'application/json');
  };

  return (
    <div className="model-editor">
      <div ref={host} className="model-editor-text" />
      <div className="model-editor-bar">
        <div className={`model-editor-status${status.kind === 'mistakes' ? ' error' : ''}`} role="status" aria-live="polite" data-testid="model-editor-status">
          {runMessage ||
            (status.kind === 'idle' ? 'Checking the model as you type…' : status.kind === 'ok' ? 'The model reads: Run runs it.' : `${status.count} mistake${status.count === 1 ? '' : 's'}, marked at ${status.count === 1 ? 'its line' : 'their lines'}:`)}
          {!runMessage && status.kind === 'mistakes' && (
            <button type="button" className="model-editor-mistake" onClick={() => goTo(status.first.at)} data-testid="model-editor-first-mistake">
              line {status.first.line}: {status.first.message}
            </button>
          )}
        </div>
        {previous !== null && (
          <button type="button" onClick={restorePreviousDraft} data-testid="model-editor-restore"
            title={`Bring back the draft you edited before the model you opened replaced it (${previous.length} characters); the text here is kept in its place`}>
            Restore previous draft
          </button>
        )}
        <button type="button" onClick={save} data-testid="model-editor-save" title="Save the text as a file">
          Save file
        </button>
        <button type="button" className="primary" onClick={() => void run()} data-testid="model-editor-run">
          Run
        </button>
      </div>
    </div>
  );
}
