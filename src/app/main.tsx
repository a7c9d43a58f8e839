/**
 * Page entry, kept small: it starts fetching the solver workers of the link's methods at once, so the worker
 * file and the app's own chunk download side by side, then loads the app (src/app/boot.tsx).
 */
import { startWorkersEarly } from './simWorkers';
import './styles.css';

startWorkersEarly(window.location.search);
void import('./boot');
