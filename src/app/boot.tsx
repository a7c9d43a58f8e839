/**
 * The app, loaded by the page entry (main.tsx): read the link, wire URL sync, playback and auto-rerun, render,
 * start the first run as soon as the link is read (the workers, created by the entry, are loading meanwhile),
 * and load the rest of the page once its curves are on screen (deferred.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { PartBoundary } from './components/PartBoundary';
import { offerHelpOnFirstVisit } from './lessons/helpStore';
import { lessonStore, openLessonFromQuery } from './lessons/lessonStore';
import { startPlayback } from './playback';
import { startAutoRun, startRun, warmUpWorkers } from './runner';
import { appStore } from './store';
import { openLink } from './models';
import { installTestApi } from './testApi';
import { startPaletteSync } from './theme';
import { startUrlSync } from './urlSync';
import { startServiceWorkerAfterFirstRun } from './offline/serviceWorker';
import { isBusy } from './runs';
import { loadLaterAfterFirstCurves } from './deferred';
import { startReferenceCurves } from './referenceCurves';

startPaletteSync();
warmUpWorkers();
startReferenceCurves();

/** Everything after the link is open (a link with a user's model loads its reader, a hosted one is fetched first). */
function startPage(): void {
  const { embed, projector } = appStore.getState().view;
  // An embedded page (`embed=on`) shows no lesson and no first-visit dialog, and adds no history
  // entries: the course page's Back button stays its own.
  if (!embed) openLessonFromQuery(window.location.search);
  offerHelpOnFirstVisit(embed || projector || lessonStore.getState().lesson !== null);
  startUrlSync({ pushEntries: !embed, onRestore: startRun });
  startPlayback();
  startAutoRun();
  installTestApi();
  // At once: the run is in the workers, whose first samples take longer to come than the page takes to draw.
  startRun();
  loadLaterAfterFirstCurves();
  startServiceWorkerAfterFirstRun(
    (listener) => appStore.subscribe(listener),
    () => Object.values(appStore.getState().runs).some((r) => r.phase !== 'idle') && !isBusy(),
  );
}

void openLink(window.location.search).then(startPage);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PartBoundary part="page" label="The page">
      <App />
    </PartBoundary>
  </StrictMode>,
);
