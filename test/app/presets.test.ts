import { beforeEach, describe, expect, it } from 'vitest';
import { decodeShareQuery } from '../../src/scenario/url';
import { PRESET_IDS, PRESETS } from '../../src/app/presets';
import { appStore, currentShareQuery, dismissPreset, openPreset, openShareQuery, resetApp, setLowerPlot, setPanel, setProjector } from '../../src/app/store';

beforeEach(() => resetApp());

describe('lecture presets', () => {
  it('every preset is a clean link that opens itself, with something to look at and a reason', () => {
    for (const id of PRESET_IDS) {
      const preset = PRESETS[id];
      expect(decodeShareQuery(preset.query).issues).toEqual([]);
      openPreset(id);
      const s = appStore.getState();
      expect(s.notice).toBeNull();
      expect(s.view.preset).toBe(id);
      // The page URL of an opened preset is the preset's link itself.
      expect(currentShareQuery()).toBe(preset.query);
      expect(preset.look.length).toBeGreaterThan(0);
      expect(preset.why.length).toBeGreaterThan(20);
    }
  });

  it('asks the studies panel to start the Fig. 2 study, once per opening', () => {
    const before = appStore.getState().view.studyRequest;
    openPreset('fig2');
    expect(appStore.getState().view).toMatchObject({ panel: 'studies', studyRequest: before + 1 });
    openPreset('fig4-5');
    expect(appStore.getState().view.studyRequest).toBe(before + 1);
  });

  it('keeps projector mode when a preset opens; closing the explanation drops it from the link', () => {
    setProjector(true);
    openPreset('fig8');
    expect(appStore.getState().view.projector).toBe(true);
    expect(currentShareQuery()).toBe(`${PRESETS.fig8.query.replace('&preset=fig8', '')}&projector=on&preset=fig8`);
    dismissPreset();
    expect(currentShareQuery()).toBe('v=1&scenario=v8-crank&projector=on');
  });
});

describe('view keys in the link', () => {
  it('round-trip the lower plot, the panel and projector mode; unknown values fall back', () => {
    setLowerPlot('constraints');
    setPanel('damping');
    setProjector(true);
    const query = currentShareQuery();
    expect(query).toBe('v=1&scenario=heavy-top&show=constraints&projector=on&panel=damping');
    resetApp();
    openShareQuery(query);
    expect(appStore.getState().view).toMatchObject({ lower: 'constraints', panel: 'damping', projector: true, preset: null });
    openShareQuery('v=1&scenario=spin&show=bogus&panel=nope&projector=off&preset=nope');
    expect(appStore.getState().view).toMatchObject({ lower: 'energy', panel: 'plots', projector: false, preset: null });
  });
});
