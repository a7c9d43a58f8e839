import { useEffect } from 'react';
import { useStore } from 'zustand';
import { Charts } from './components/Charts';
import { DampingPanel } from './components/DampingPanel';
import { ExportPanel } from './components/ExportPanel';
import { Header } from './components/Header';
import { IntegratorPanel } from './components/IntegratorPanel';
import { MainTabs } from './components/MainTabs';
import { NoticeBanner } from './components/NoticeBanner';
import { ParamPanel } from './components/ParamPanel';
import { PresetBanner } from './components/PresetBanner';
import { PresetPanel } from './components/PresetPanel';
import { RunPanel } from './components/RunPanel';
import { Scene3D } from './components/Scene3D';
import { StudiesPanel } from './components/StudiesPanel';
import { TheoryPanel } from './components/TheoryPanel';
import { UpdateNotice } from './components/UpdateNotice';
import { Timeline } from './components/Timeline';
import { appStore } from './store';

const PANELS = {
  plots: () => <Charts />,
  theory: () => <TheoryPanel />,
  damping: () => <DampingPanel />,
  studies: () => <StudiesPanel />,
};

/** Projector mode styles the whole document (type size and colours are CSS variables on :root). */
function useProjectorClass(): void {
  const projector = useStore(appStore, (s) => s.view.projector);
  useEffect(() => {
    document.documentElement.classList.toggle('projector', projector);
  }, [projector]);
}

export function App() {
  useProjectorClass();
  const panel = useStore(appStore, (s) => s.view.panel);
  return (
    <div className="app">
      <Header />
      <aside className="controls" aria-label="Settings">
        <PresetPanel />
        <RunPanel />
        <IntegratorPanel />
        <ParamPanel />
        <ExportPanel />
      </aside>
      <main className={`main panel-${panel}`}>
        <UpdateNotice />
        <NoticeBanner />
        <PresetBanner />
        <Scene3D />
        <Timeline />
        <MainTabs panels={PANELS} />
      </main>
    </div>
  );
}
