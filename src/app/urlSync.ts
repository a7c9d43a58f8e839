/**
 * Keeps the page URL equal to the share link of the current state (history.replaceState,
 * so editing does not flood the back button). Browser only.
 */
import { lessonQuery, lessonStore } from './lessons/lessonStore';
import { appStore, currentShareQuery } from './store';

/** The page's query: the share link of the state, then the lesson position (SPEC §7). */
function pageQuery(): string {
  return `${currentShareQuery()}${lessonQuery()}`;
}

export function shareUrl(): string {
  return `${window.location.origin}${window.location.pathname}?${pageQuery()}`;
}

function sync(): void {
  const next = `${window.location.pathname}?${pageQuery()}${window.location.hash}`;
  if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`) window.history.replaceState(null, '', next);
}

export function startUrlSync(): () => void {
  sync();
  const a = appStore.subscribe((s, prev) => {
    if (s.state !== prev.state || s.view !== prev.view) sync();
  });
  const b = lessonStore.subscribe(sync);
  return () => {
    a();
    b();
  };
}
