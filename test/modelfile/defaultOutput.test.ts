/**
 * A model's default output (docs/model-format.md, Outputs): `defaultOutput` names one of the model's outputs (a
 * repeated group's too, as expanded at the default values), a misspelt name is refused at its place with the
 * nearest name, no output may be called "omega" (a link's `output=omega` plots ω), and the scenario hands the
 * name to the page. The five benchmark models name the output their reference curve belongs to.
 */
import { describe, expect, it } from 'vitest';
import { readModelText } from '../../src/modelfile/read';
import { modelIssues } from '../support/modelIssues';
import { pendulumText } from '../support/pendulumText';
import { scenarioFromDocument } from '../../src/scenario/fromDocument';
import { getScenario, SCENARIO_IDS } from '../../src/scenario/registry';

/** A pendulum with outputs x_tip (top level) and y_tip 0 (in a group), and the given top-level keys (JSON text). */
function pendulum(extra: string, outputName = 'x_tip'): string {
  return pendulumText({
    outputs: `{ "name": "${outputName}", "type": "position", "point": "rod.tip", "component": "x" }`,
    groups: '{ "repeat": { "i": [0] }, "outputs": [{ "name": "y_tip {i}", "type": "position", "point": "rod.tip", "component": "y" }] }',
    extra,
  });
}

const issues = modelIssues;

describe('a model\'s default output', () => {
  it('names a top-level output or a repeated group\'s, and reaches the scenario', () => {
    for (const name of ['x_tip', 'y_tip 0']) {
      const result = readModelText(pendulum(`,\n  "defaultOutput": "${name}"`));
      expect(result.ok, result.ok ? '' : JSON.stringify(result.issues)).toBe(true);
      if (result.ok) expect(scenarioFromDocument(result.document).defaultOutput).toBe(name);
    }
  });

  it('is absent from a scenario whose file names none (ω is plotted)', () => {
    const result = readModelText(pendulum(''));
    expect(result.ok).toBe(true);
    if (result.ok) expect(scenarioFromDocument(result.document)).not.toHaveProperty('defaultOutput');
  });

  it('a name the model does not have is refused at its line, with the nearest output', () => {
    const found = issues(pendulum(',\n  "defaultOutput": "x_tp"'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ path: 'defaultOutput', line: 9 });
    expect(found[0].message).toBe('no output named "x_tp"; did you mean "x_tip"?');
    expect(issues(pendulum(',\n  "defaultOutput": "beta"'))[0].message).toBe('no output named "beta"; the outputs are "x_tip", "y_tip 0"');
  });

  it('is a name, not another kind of value', () => {
    expect(issues(pendulum(',\n  "defaultOutput": ["x_tip"]'))[0]).toMatchObject({ path: 'defaultOutput' });
    expect(issues(pendulum(',\n  "defaultOutput": ""'))[0]).toMatchObject({ path: 'defaultOutput' });
  });

  it('no output may be named "omega": a link\'s output=omega plots ω', () => {
    const found = issues(pendulum('', 'omega'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ path: 'outputs[0].name' });
    expect(found[0].message).toContain('reserved');
  });

  it('the benchmark models plot the output their reference curve belongs to; the paper models plot ω', () => {
    const expected: Record<string, string | undefined> = {
      pendulum: 'x_P1', 'n-four-bar': 'x_B0', andrews: 'beta', bricard: 'x_P3', 'flyball-governor': 's',
      spin: undefined, 'heavy-top': undefined, 'v8-crank': undefined,
    };
    expect([...SCENARIO_IDS].sort()).toEqual(Object.keys(expected).sort());
    for (const id of SCENARIO_IDS) {
      const def = getScenario(id);
      expect(def.defaultOutput, id).toBe(expected[id]);
      if (def.defaultOutput !== undefined) expect(Object.keys(def.outputReferences ?? {}), id).toContain(def.defaultOutput);
    }
  });
});
