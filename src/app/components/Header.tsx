import { useState } from 'react';
import { useStore } from 'zustand';
import { getScenario } from '../../scenario/registry';
import { openHelp } from '../lessons/helpStore';
import { startLesson } from '../lessons/lessonStore';
import { NUMERICAL_DAMPING } from '../lessons/lessons';
import { copyText } from '../clipboard';
import { appStore, setProjector } from '../store';
import { ModelAbout } from './ModelAbout';
import { ModelMenu } from './ModelMenu';

export function Header() {
  const scenario = useStore(appStore, (s) => s.state.scenario);
  const def = getScenario(scenario);
  const projector = useStore(appStore, (s) => s.view.projector);
  const [shareStatus, setShareStatus] = useState('');

  const share = async () => {
    const ok = await copyText(window.location.href);
    setShareStatus(ok ? 'Link copied' : 'Copy failed: the link is in the address bar');
    window.setTimeout(() => setShareStatus(''), 2500);
  };

  return (
    <header className="header">
      <h1 className="title">
        HHT Playground
        <span className="subtitle">classical vs modified HHT for Euler parameters (Sherif et al. 2019)</span>
      </h1>
      <ModelMenu />
      <ModelAbout title={def.title} description={def.description} />
      <div className="share">
        <button
          type="button"
          aria-pressed={projector}
          onClick={() => setProjector(!projector)}
          data-testid="projector-toggle"
          title="Large type, thick lines, high contrast (part of the link)"
        >
          Projector mode
        </button>
        <button type="button" onClick={() => startLesson(NUMERICAL_DAMPING.id)} data-testid="lesson-button" title={`Step through the lesson “${NUMERICAL_DAMPING.title}” (→ / ← keys)`}>
          Lesson
        </button>
        <button type="button" onClick={openHelp} data-testid="help-button" title="What the page shows, what α does, classical vs modified">
          Help
        </button>
        <button type="button" onClick={share} data-testid="share-button" title="Copy a link that reproduces this run">
          Share
        </button>
        {/* Over the page under the buttons, so the message moves nothing in the header. */}
        <span className="share-status" role="status" aria-live="polite" data-testid="share-status">
          {shareStatus}
        </span>
      </div>
    </header>
  );
}
