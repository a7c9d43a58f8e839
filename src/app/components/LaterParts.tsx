/**
 * The parts of the page that load after the first curves (src/app/deferred.ts): the 3D view takes its place in
 * the layout at once, drawn when three.js has arrived; a tab shows a line while its chunk loads.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { deferredStore, LATER_CHUNKS } from '../deferred';
import { PartBoundary } from './PartBoundary';

const Scene3DChunk = lazy(() => LATER_CHUNKS.scene().then((m) => ({ default: m.Scene3D })));
const TheoryChunk = lazy(() => LATER_CHUNKS.theory().then((m) => ({ default: m.TheoryPanel })));
const DampingChunk = lazy(() => LATER_CHUNKS.damping().then((m) => ({ default: m.DampingPanel })));
const StudiesChunk = lazy(() => LATER_CHUNKS.studies().then((m) => ({ default: m.StudiesPanel })));
const ExportChunk = lazy(() => LATER_CHUNKS.export().then((m) => ({ default: m.ExportPanel })));

/** The 3D view's place while three.js loads: the same grid area and size, so nothing moves when it arrives. */
function ScenePlaceholder() {
  return (
    <div className="scene scene-loading" data-testid="scene-loading" role="status">
      <span className="scene-loading-text">3D view loading…</span>
    </div>
  );
}

/** The 3D view, once the first curves are on screen. */
export function Scene3D() {
  const later = useStore(deferredStore, (s) => s.later);
  if (!later) return <ScenePlaceholder />;
  return (
    <PartBoundary part="scene" label="The 3D view" className="scene">
      <Suspense fallback={<ScenePlaceholder />}>
        <Scene3DChunk />
      </Suspense>
    </PartBoundary>
  );
}

function TabLoading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p className="tab-loading" role="status">Loading…</p>}>{children}</Suspense>;
}

export function TheoryPanel() {
  return (
    <TabLoading>
      <TheoryChunk />
    </TabLoading>
  );
}

export function DampingPanel() {
  return (
    <TabLoading>
      <DampingChunk />
    </TabLoading>
  );
}

export function StudiesPanel() {
  return (
    <TabLoading>
      <StudiesChunk />
    </TabLoading>
  );
}

/** The Export panel's place while it loads (there is nothing to export before the first curves). */
function ExportPlaceholder() {
  return (
    <fieldset className="panel export-panel" data-testid="export-loading">
      <legend>Export</legend>
      <p className="hint" role="status">Loading…</p>
    </fieldset>
  );
}

/** The Export panel, once the first curves are on screen. */
export function ExportPanel() {
  const later = useStore(deferredStore, (s) => s.later);
  if (!later) return <ExportPlaceholder />;
  return (
    <Suspense fallback={<ExportPlaceholder />}>
      <ExportChunk />
    </Suspense>
  );
}
