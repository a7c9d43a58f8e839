/**
 * Whether the scenario on screen is still the open preset's: the preset banner explains a
 * preset only while nothing that runs differs from its link (view choices such as the plotted
 * ω component do not count). Pure; tested in test/app/presetStatus.test.ts.
 */
import { decodeShareQuery } from '../scenario/url';
import type { ScenarioState } from '../scenario/types';
import { PRESETS, type PresetId } from './presets';
import { sameState } from './store';

/** The scenario state a preset's link opens. */
export function presetState(id: PresetId): ScenarioState {
  let state = opened.get(id);
  if (!state) opened.set(id, (state = decodeShareQuery(PRESETS[id].query).state));
  return state;
}

/** Decoded preset states (the check runs on every store change). */
const opened = new Map<PresetId, ScenarioState>();

/** True as soon as any run setting, parameter or compared method differs from the preset's. */
export function changedFromPreset(id: PresetId, state: ScenarioState): boolean {
  return !sameState(presetState(id), state);
}
