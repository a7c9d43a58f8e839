import { useEffect, type ComponentType } from 'react';
import { useStore } from 'zustand';
import { Charts } from './components/Charts';
import { EmbedApp } from './components/EmbedApp';
import { HelpDialog } from './components/HelpDialog';
import { HelpInvitation } from './components/HelpInvitation';
import { LessonBar } from './components/LessonBar';
import { Header } from './components/Header';
import { SkipLinks } from './components/SkipLinks';
import { IntegratorPanel } from './components/IntegratorPanel';
import { MainTabs } from './components/MainTabs';
import { NoticeBanner } from './components/NoticeBanner';
import { ParamPanel } from './components/ParamPanel';
import { ControlBar } from './components/ControlBar';
import { PresetBanner } from './components/PresetBanner';
import { PresetPanel } from './components/PresetPanel';
import { RunPanel } from './components/RunPanel';
import { DampingPanel, ExportPanel, Scene3D, StudiesPanel, TheoryPanel } from './components/LaterParts';
import { UpdateNotice } from './components/UpdateNotice';
import { Timeline } from './components/Timeline';
import { ModelDropZone } from './components/ModelMenu';
import { ModelEditorDialog } from './components/ModelEditorDialog';
import { PartBoundary } from './components/PartBoundary';
import { appStore } from './store';

const PANELS = {
  plots: () => <Charts />,
  theory: () => <TheoryPanel />,
  damping: () => <DampingPanel />,
  studies: () => <StudiesPanel />,
};

/**
 * Projector and embed mode style the whole document (type size and colours are CSS variables
 * on :root; embed mode lays the page out for a frame).
 */
function useModeClasses(): void {
  const projector = useStore(appStore, (s) => s.view.projector);
  const embed = useStore(appStore, (s) => s.view.embed);
  useEffect(() => {
    document.documentElement.classList.toggle('projector', projector);
    document.documentElement.classList.toggle('embed', embed);
  }, [projector, embed]);
}

export function App() {
  useModeClasses();
  const embed = useStore(appStore, (s) => s.view.embed);
  return embed ? <EmbedApp /> : <FullApp />;
}

/** The settings column's panels, each behind its own boundary: one that fails says so in its place. */
const SETTINGS_PARTS: readonly { readonly part: string; readonly label: string; readonly Panel: ComponentType }[] = [
  { part: 'preset-panel', label: 'The lecture presets', Panel: PresetPanel },
  { part: 'run-panel', label: 'The Run panel', Panel: RunPanel },
  { part: 'integrator-panel', label: 'The method settings', Panel: IntegratorPanel },
  { part: 'param-panel', label: "The model's parameters", Panel: ParamPanel },
  { part: 'export-panel', label: 'The Export panel', Panel: ExportPanel },
];

function FullApp() {
  const panel = useStore(appStore, (s) => s.view.panel);
  return (
    <div className={`app panel-${panel}`}>
      <SkipLinks />
      <PartBoundary part="header" label="The header" className="header">
        <Header />
      </PartBoundary>
      <aside className="controls" aria-label="Settings">
        {SETTINGS_PARTS.map(({ part, label, Panel }) => (
          <PartBoundary key={part} part={part} label={label}>
            <Panel />
          </PartBoundary>
        ))}
      </aside>
      {/* display: contents: its parts are placed by the grid areas of the size class (styles.css). */}
      <main className="main">
        <div className="banners">
          <PartBoundary part="banners" label="The notices">
            <UpdateNotice />
            <NoticeBanner />
            <LessonBar />
            <PresetBanner />
            <HelpInvitation />
          </PartBoundary>
        </div>
        <Scene3D />
        <PartBoundary part="timeline" label="The playback bar" className="timeline">
          <Timeline />
        </PartBoundary>
        <PartBoundary part="control-bar" label="The α bar" className="control-bar">
          <ControlBar />
        </PartBoundary>
        <MainTabs panels={PANELS} />
      </main>
      <PartBoundary part="dialogs" label="A dialog">
        <HelpDialog />
        <ModelEditorDialog />
        <ModelDropZone />
      </PartBoundary>
    </div>
  );
}
