/**
 * Keeps the page URL equal to the share link of the current state, and makes the browser's
 * Back and Forward step through the scenarios that were run: each committed run whose scenario
 * differs from the current history entry's gets its own entry (history.pushState); view
 * changes (plot choice, tab, projector) only rewrite the current entry (replaceState), so they
 * do not flood the back button. `popstate` restores the entry's link and reruns it. An
 * embedded page passes `pushEntries: false`: the URL still follows, the host page's history
 * is left alone. Browser only.
 */
import { exitLesson, lessonQuery, lessonStore, openLessonFromQuery } from './lessons/lessonStore';
import { appStore, currentShareQuery, sameState, shareQueryFor } from './store';
import { openLink } from './models';

/** The page's query: the share link of the state, then the lesson position (SPEC §7). */
function pageQuery(): string {
  return `${currentShareQuery()}${lessonQuery()}`;
}

export function shareUrl(): string {
  return `${window.location.origin}${window.location.pathname}?${pageQuery()}`;
}

/** The current state's link with or without `embed=on` (the full app's address otherwise). */
export function appLink(embed: boolean): string {
  return `${window.location.origin}${window.location.pathname}?${shareQueryFor(embed)}`;
}

export interface UrlSyncOptions {
  /** One history entry per committed scenario (default); false: only replace the current one. */
  readonly pushEntries?: boolean;
  /** Reruns the restored scenario after Back/Forward (the runner's startRun). */
  readonly onRestore?: () => void;
}

function pageUrl(): string {
  return `${window.location.pathname}?${pageQuery()}${window.location.hash}`;
}

function write(mode: 'push' | 'replace'): void {
  const next = pageUrl();
  if (mode === 'push') window.history.pushState(null, '', next);
  else if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`) window.history.replaceState(null, '', next);
}

export function startUrlSync({ pushEntries = true, onRestore }: UrlSyncOptions = {}): () => void {
  /** The scenario of the current history entry. */
  let entryState = appStore.getState().state;
  write('replace');
  const onPopState = () => {
    const search = window.location.search;
    void openLink(search).then(() => {
      exitLesson();
      openLessonFromQuery(search);
      entryState = appStore.getState().state;
      onRestore?.();
    });
  };
  window.addEventListener('popstate', onPopState);
  const stop = appStore.subscribe((s, prev) => {
    if (s.runId !== prev.runId) {
      // A run was started: a new entry when it runs a different scenario than the entry shows.
      const changed = !sameState(s.state, entryState);
      entryState = s.state;
      write(changed && pushEntries ? 'push' : 'replace');
    } else if (s.view !== prev.view && s.state === entryState) {
      // A view change on the scenario the entry shows (an edit still waiting for its run is
      // written when it runs, so it does not overwrite the entry Back returns to).
      write('replace');
    }
  });
  // A lesson step on the entry's scenario only rewrites the entry (a step that opens another
  // scenario is written when its run starts, as above).
  const stopLesson = lessonStore.subscribe(() => {
    if (appStore.getState().state === entryState) write('replace');
  });
  return () => {
    window.removeEventListener('popstate', onPopState);
    stop();
    stopLesson();
  };
}
