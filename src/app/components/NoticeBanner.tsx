import { useStore } from 'zustand';
import { appStore, dismissNotice } from '../store';

/** Shown when the opened link had problems: one line per problem, and what was used instead. */
export function NoticeBanner() {
  const notice = useStore(appStore, (s) => s.notice);
  if (!notice) return null;
  return (
    <div className="notice" role="alert" data-testid="link-notice">
      <div>
        <strong>This link could not be used as it is; safe defaults were used where it was wrong.</strong>
        <ul>
          {notice.issues.map((issue, k) => (
            <li key={k}>{issue.message}</li>
          ))}
        </ul>
      </div>
      <button type="button" onClick={dismissNotice} aria-label="Dismiss the link notice">
        ×
      </button>
    </div>
  );
}
