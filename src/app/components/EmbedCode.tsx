import { useState } from 'react';
import { useStore } from 'zustand';
import { getScenario } from '../../scenario/registry';
import { copyText } from '../clipboard';
import { EMBED_HEIGHT, EMBED_WIDTH, embedSnippet } from '../embed';
import { appStore } from '../store';
import { appLink } from '../urlSync';

/** The `<iframe>` snippet of the current run for a course page, shown and copied in one click. */
export function EmbedCode() {
  // Re-render when the scenario or the shared view changes, so the snippet is the current link.
  const state = useStore(appStore, (s) => s.state);
  useStore(appStore, (s) => s.view);
  const [status, setStatus] = useState('');
  const snippet = embedSnippet(appLink(true), `HHT Playground: ${getScenario(state.scenario).title}`);
  const copy = async () => {
    const ok = await copyText(snippet);
    setStatus(ok ? 'Embed code copied' : 'Copy failed: select the code and copy it');
    window.setTimeout(() => setStatus(''), 2500);
  };
  return (
    <div className="embed-code">
      <div className="export-row">
        <button type="button" onClick={copy} data-testid="copy-embed-code" aria-describedby="embed-code-note">
          Copy embed code
        </button>
        <span className="share-status" role="status" aria-live="polite">
          {status}
        </span>
      </div>
      <p id="embed-code-note" className="hint">
        An {EMBED_WIDTH}×{EMBED_HEIGHT} frame for a course page (any size from 320×240 to 1280×720 works): the 3D view, the ω plots, α and play.
      </p>
      <textarea className="embed-snippet" readOnly rows={3} value={snippet} aria-label="Embed code" data-testid="embed-snippet" onFocus={(e) => e.currentTarget.select()} />
    </div>
  );
}
