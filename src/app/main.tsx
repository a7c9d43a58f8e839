/**
 * Page entry, kept small: it starts fetching the solver workers of the link's methods at once, so the worker
 * file and the app's own chunk download side by side, then loads the app (src/app/boot.tsx).
 */
import { startWorkersEarly } from './simWorkers';
import { showStartupFailure } from './startupFailure';
import './styles.css';

startWorkersEarly(window.location.search);
// The app's code failing to load or to start (a throw while its modules evaluate) is said on the page.
import('./boot').catch((error: unknown) => showStartupFailure(document.getElementById('root'), error));
