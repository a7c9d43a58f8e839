/**
 * Whether the page explanation is open. It opens by itself on a first visit (remembered in
 * localStorage once dismissed), never by itself in projector mode, in a lesson or in an
 * embedded page: a lecturer asks for it with the Help button.
 */
import { createStore } from 'zustand/vanilla';

export const HELP_SEEN_KEY = 'hht-playground.help-seen';

export const helpStore = createStore<{ readonly open: boolean }>()(() => ({ open: false }));

function seenBefore(): boolean {
  try {
    return window.localStorage.getItem(HELP_SEEN_KEY) !== null;
  } catch {
    return true;
  }
}

/** Opens the explanation on a first visit, unless the page is shown to a room (projector, lesson) or embedded. */
export function openHelpOnFirstVisit(presenting: boolean): void {
  if (!presenting && !seenBefore()) helpStore.setState({ open: true });
}

export function openHelp(): void {
  helpStore.setState({ open: true });
}

/** Closes the explanation and remembers that it was seen. */
export function closeHelp(): void {
  try {
    window.localStorage.setItem(HELP_SEEN_KEY, '1');
  } catch {
    // Private mode without storage: it shows again next visit.
  }
  helpStore.setState({ open: false });
}
