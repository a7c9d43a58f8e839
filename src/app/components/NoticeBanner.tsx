import { useState } from 'react';
import { useStore } from 'zustand';
import { preparationSentences } from '../../modelfile/report';
import { modelStore, openModelEditor } from '../models';
import { appStore, dismissNotice } from '../store';

/** Shown when the opened link or model had problems: one line per problem, and what was used instead. */
export function NoticeBanner() {
  const notice = useStore(appStore, (s) => s.notice);
  const loading = useStore(appStore, (s) => s.loading);
  const inEditor = useStore(modelStore, (s) => s.issues.length > 0);
  return (
    <>
      {loading && (
        <p className="notice info" role="status" data-testid="model-loading">
          {loading}
        </p>
      )}
      {notice && (
        <div className="notice" role="alert" data-testid="link-notice">
          <div>
            <strong>
              {notice.source === 'model'
                ? 'The model could not be opened: where and what is wrong.'
                : 'This link could not be used as it is; safe defaults were used where it was wrong.'}
            </strong>
            <ul>
              {notice.issues.map((issue, k) => (
                <li key={k}>{issue.message}</li>
              ))}
            </ul>
            {inEditor && notice.issues.some((i) => i.key === 'model' || i.key === 'model-data') && (
              <button type="button" onClick={openModelEditor} data-testid="notice-edit-model">
                Show in the editor
              </button>
            )}
          </div>
          <button type="button" onClick={dismissNotice} aria-label="Dismiss the notice">
            ×
          </button>
        </div>
      )}
      <ModelNotice />
    </>
  );
}

/** A notice line longer than this shows what comes before its first ": " and folds the rest. */
const LONG_LINE = 200;

/**
 * What preparing the running model did (SPEC §8): how far the assembly moved each body, which equations it removed
 * as redundant, and the model's warnings. Shown until dismissed, again for a model that says something new.
 */
function ModelNotice() {
  const facts = useStore(appStore, (s) => s.modelFacts);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!facts) return null;
  // Many constraints' removed equations in one sentence, so the notice leaves the 3D view its room.
  const lines = [...preparationSentences(facts.preparation, { groupRemoved: true }), ...facts.warnings.map((w) => `Warning: ${w}`)];
  const said = lines.join('\n');
  if (lines.length === 0 || dismissed === said) return null;
  return (
    <div className="notice info" role="status" data-testid="model-notice">
      <ul>
        {lines.map((line, k) => {
          // A long list of names (the N-four-bar's 40 joints) folds away, so the notice leaves the view its room.
          const cut = line.length > LONG_LINE ? line.indexOf(': ') : -1;
          return cut < 0 ? (
            <li key={k}>{line}</li>
          ) : (
            <li key={k}>
              <details>
                <summary>{line.slice(0, cut)}</summary>
                {line.slice(cut + 2)}
              </details>
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={() => setDismissed(said)} aria-label="Dismiss the model notice">
        ×
      </button>
    </div>
  );
}
