/**
 * Whether the page explanation is open. On a first visit it comes by itself once the first curves are on screen
 * (so a slow phone draws the curves first): as the explanation dialog on a wide screen, as a one-line invitation
 * at the foot of a phone's screen (the dialog would cover α and both plots). Once dismissed it is remembered in
 * localStorage. Never by itself in projector mode, in a lesson or in an embedded page: a lecturer asks for it with
 * the Help button.
 */
import { createStore } from 'zustand/vanilla';
import { deferredStore } from '../deferred';

export const HELP_SEEN_KEY = 'hht-playground.help-seen';

/** Below this width (CSS px) the first visit invites to the explanation instead of opening it (styles.css phone block). */
const PHONE_QUERY = '(max-width: 599px)';

export const helpStore = createStore<{ readonly open: boolean; readonly invited: boolean }>()(() => ({ open: false, invited: false }));

function seenBefore(): boolean {
  try {
    return window.localStorage.getItem(HELP_SEEN_KEY) !== null;
  } catch {
    return true;
  }
}

function onPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
}

/**
 * On a first visit, once the first curves are on screen (the page's later parts start loading then, deferred.ts):
 * opens the explanation, or on a phone shows the invitation to it. Nothing when the page is shown to a room
 * (projector, lesson) or embedded.
 */
export function offerHelpOnFirstVisit(presenting: boolean): void {
  if (presenting || seenBefore()) return;
  const offer = () => helpStore.setState(onPhone() ? { invited: true } : { open: true });
  if (deferredStore.getState().later) return offer();
  const unsubscribe = deferredStore.subscribe(({ later }) => {
    if (!later) return;
    unsubscribe();
    offer();
  });
}

export function openHelp(): void {
  helpStore.setState({ open: true, invited: false });
}

/** Closes the explanation (or its invitation) and remembers that it was seen. */
export function closeHelp(): void {
  try {
    window.localStorage.setItem(HELP_SEEN_KEY, '1');
  } catch {
    // Private mode without storage: it shows again next visit.
  }
  helpStore.setState({ open: false, invited: false });
}
