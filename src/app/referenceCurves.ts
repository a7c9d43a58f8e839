/**
 * The points of the shipped models' reference curves (SPEC §8: a benchmark model's published solution), loaded
 * when such a model is opened: the page's copy of the shipped model files leaves them out (vite.config.ts), so a
 * first visit does not download the curves of models it does not show. A user's model carries its own points.
 */
import type { ModelDocument } from '../modelfile/schema';
import { outputReferencesOf } from '../scenario/fromDocument';
import { getScenario } from '../scenario/registry';
import type { OutputReference, ScenarioDef, ScenarioId } from '../scenario/types';
import { appStore } from './store';

type Points = NonNullable<OutputReference['points']>;

/**
 * Each shipped model file's outputs with their reference curves, one chunk per file (the build's
 * `?reference-points` copy holds only those; vite.config.ts).
 */
const REFERENCE_FILES = import.meta.glob<ModelDocument>('../../models/*.json', { query: '?reference-points', import: 'default' });

/** Loaded points by scenario id, then output name. */
const loaded = new Map<ScenarioId, ReadonlyMap<string, Points>>();
const requested = new Set<ScenarioId>();

/** The points of the reference curve of the model `def`'s output `name`: the model's own or loaded; undefined till then. */
export function referenceCurvePoints(def: ScenarioDef, name: string): Points | undefined {
  return def.outputReferences?.[name]?.points ?? loaded.get(def.id)?.get(name);
}

/** Loads the points of a shipped model's reference curves (if it has any); the plots redraw when they arrive. */
export function loadReferenceCurves(scenario: ScenarioId): Promise<void> {
  const references = getScenario(scenario)?.outputReferences;
  const load = REFERENCE_FILES[`../../models/${scenario}.json`];
  if (!references || !load || requested.has(scenario) || Object.values(references).every((r) => r.points)) return Promise.resolve();
  requested.add(scenario);
  return load().then(
    (doc) => {
      const points = Object.entries(outputReferencesOf(doc) ?? {}).flatMap(([name, r]) => (r.points ? [[name, r.points] as const] : []));
      loaded.set(scenario, new Map(points));
      appStore.setState((s) => ({ plotVersion: s.plotVersion + 1 }));
    },
    () => {
      // Offline without the chunk: the plots go without the curve, and the next opening tries again.
      requested.delete(scenario);
    },
  );
}

/** Loads the reference curves of every scenario the page opens, from now on. */
export function startReferenceCurves(): void {
  void loadReferenceCurves(appStore.getState().state.scenario);
  appStore.subscribe((s, previous) => {
    if (s.state.scenario !== previous.state.scenario) void loadReferenceCurves(s.state.scenario);
  });
}
