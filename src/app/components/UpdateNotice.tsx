import { useStore } from 'zustand';
import { dismissUpdate, offlineStore, reloadWithUpdate } from '../offline/serviceWorker';

/** "A new version is available": offered, never forced, so a running demo is not interrupted. */
export function UpdateNotice() {
  const waiting = useStore(offlineStore, (s) => s.updateWaiting);
  if (!waiting) return null;
  return (
    <div className="notice update-notice" role="status" data-testid="update-notice">
      <span>A new version of HHT Playground is available.</span>
      <button type="button" onClick={reloadWithUpdate} data-testid="update-reload">
        Reload to update
      </button>
      <button type="button" onClick={dismissUpdate} aria-label="Keep this version for now">
        ×
      </button>
    </div>
  );
}
