import { Charts } from './components/Charts';
import { Header } from './components/Header';
import { IntegratorPanel } from './components/IntegratorPanel';
import { NoticeBanner } from './components/NoticeBanner';
import { ParamPanel } from './components/ParamPanel';
import { RunPanel } from './components/RunPanel';
import { Scene3D } from './components/Scene3D';
import { Timeline } from './components/Timeline';

export function App() {
  return (
    <div className="app">
      <Header />
      <aside className="controls" aria-label="Settings">
        <RunPanel />
        <IntegratorPanel />
        <ParamPanel />
      </aside>
      <main className="main">
        <NoticeBanner />
        <Scene3D />
        <Timeline />
        <Charts />
      </main>
    </div>
  );
}
