import { useStore } from 'zustand';
import { closeHelp, helpStore, openHelp } from '../lessons/helpStore';

/**
 * A phone's first visit: one line at the foot of the screen that invites to the page explanation, instead of the
 * dialog that would cover α and both plots (helpStore). Opening it or dismissing it remembers the visit.
 */
export function HelpInvitation() {
  const invited = useStore(helpStore, (s) => s.invited);
  if (!invited) return null;
  return (
    <aside className="help-invitation" aria-label="First visit" data-testid="help-invitation">
      <span>New here?</span>
      <button type="button" onClick={openHelp} data-testid="help-invitation-open">
        What this page shows
      </button>
      <button type="button" onClick={closeHelp} aria-label="Dismiss" title="Dismiss" data-testid="help-invitation-dismiss">
        ×
      </button>
    </aside>
  );
}
