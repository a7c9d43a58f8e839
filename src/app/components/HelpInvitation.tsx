import { useStore } from 'zustand';
import { closeHelp, helpStore, openHelp } from '../lessons/helpStore';

/**
 * A first visit to a page the reader came to read (a link, a phone, a reader already at work; helpStore): one line
 * that invites to the page explanation instead of a dialog over the page — among the notices over the 3D view, on
 * a phone at the foot of the screen. Opening it or dismissing it remembers the visit.
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
