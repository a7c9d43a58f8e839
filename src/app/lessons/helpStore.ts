/**
 * Whether the page explanation is open. On a first visit it is offered once the first curves are on screen (so a
 * slow phone draws the curves first). It opens by itself, as a dialog, only over a page nobody reads yet: the
 * plain page (no link keys), on a wide screen, before the reader has pressed a key, touched, clicked, scrolled or
 * turned the wheel. Everywhere else — a link to something (a panel, a model, a scenario), a reader already at
 * work, a phone — it is offered by a one-line invitation that covers nothing the reader looks at. Once dismissed
 * it is remembered in localStorage. Never offered in projector mode, in a lesson or in an embedded page: a
 * lecturer asks for it with the Help button.
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

/** The events that say the reader is at work on the page. */
const READING_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Calls `onRead` at the reader's first key, touch, click, wheel turn or scroll anywhere on the page (capture: a
 * scroll inside the settings or the plots counts too). Returns the function that stops listening.
 */
function watchReading(onRead: () => void): () => void {
  const stop = () => READING_EVENTS.forEach((type) => window.removeEventListener(type, read, true));
  const read = () => {
    stop();
    onRead();
  };
  READING_EVENTS.forEach((type) => window.addEventListener(type, read, { capture: true, passive: true }));
  return stop;
}

/** Whether the page was opened by a link to something (any key in its query), not as the plain page. */
export function linkOpensSomething(search: string): boolean {
  return [...new URLSearchParams(search).keys()].length > 0;
}

/**
 * How a first visit is offered the explanation: the dialog only on the plain page of a wide screen that nobody
 * has started reading; the invitation otherwise. Example: a `panel=studies` link → 'invite'.
 */
export function firstVisitOffer(o: { readonly linked: boolean; readonly reading: boolean; readonly phone: boolean }): 'dialog' | 'invite' {
  return o.linked || o.reading || o.phone ? 'invite' : 'dialog';
}

/**
 * On a first visit, once the first curves are on screen (the page's later parts start loading then, deferred.ts):
 * opens the explanation or shows the invitation to it (firstVisitOffer). Nothing when the page is shown to a room
 * (projector, lesson) or embedded.
 */
export function offerHelpOnFirstVisit(presenting: boolean, search = window.location.search): void {
  if (presenting || seenBefore()) return;
  let reading = false;
  const stopWatching = watchReading(() => {
    reading = true;
  });
  const offer = () => {
    stopWatching();
    const how = firstVisitOffer({ linked: linkOpensSomething(search), reading, phone: onPhone() });
    helpStore.setState(how === 'dialog' ? { open: true } : { invited: true });
  };
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
