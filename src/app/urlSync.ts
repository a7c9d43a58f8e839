/**
 * Keeps the page URL equal to the share link of the current state (history.replaceState,
 * so editing does not flood the back button). Browser only.
 */
import { appStore, currentShareQuery } from './store';

export function shareUrl(): string {
  return `${window.location.origin}${window.location.pathname}?${currentShareQuery()}`;
}

function sync(): void {
  const next = `${window.location.pathname}?${currentShareQuery()}${window.location.hash}`;
  if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`) window.history.replaceState(null, '', next);
}

export function startUrlSync(): () => void {
  sync();
  return appStore.subscribe((s, prev) => {
    if (s.state !== prev.state || s.view !== prev.view) sync();
  });
}
