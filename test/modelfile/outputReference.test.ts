/**
 * An output's reference curve (docs/model-format.md, Outputs): the reader takes a source and [t, value] points
 * with t increasing on a top-level output, refuses a bad table with its path, and the scenario hands the curve
 * to the plots by output name.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readModelText } from '../../src/modelfile/read';
import { modelIssues } from '../support/modelIssues';
import { pendulumText } from '../support/pendulumText';
import { scenarioFromDocument } from '../../src/scenario/fromDocument';
import { getScenario } from '../../src/scenario/registry';

/** A pendulum whose output `x_tip` carries `reference` (JSON text), or none. */
function pendulum(reference?: string, inGroup = false): string {
  const output = `{ "name": "x_tip", "type": "position", "point": "rod.tip", "component": "x"${reference ? `, "reference": ${reference}` : ''} }`;
  return pendulumText(inGroup ? { groups: `{ "repeat": { "i": [0] }, "outputs": [${output}] }` } : { outputs: output });
}

const issues = modelIssues;

describe('an output\'s reference curve', () => {
  it('is read from a top-level output and reaches the scenario by output name', () => {
    const result = readModelText(pendulum('{ "source": "converged run", "points": [[0, 1], [0.5, 0.8], [1, 0.2]] }'));
    expect(result.ok, result.ok ? '' : JSON.stringify(result.issues)).toBe(true);
    if (!result.ok) return;
    const def = scenarioFromDocument(result.document);
    expect(def.outputReferences).toEqual({ x_tip: { source: 'converged run', points: [[0, 1], [0.5, 0.8], [1, 0.2]] } });
  });

  it('is absent from a scenario whose outputs carry none', () => {
    const result = readModelText(pendulum());
    expect(result.ok && scenarioFromDocument(result.document).outputReferences).toBeUndefined();
  });

  it('refuses times that do not increase, naming the point', () => {
    const found = issues(pendulum('{ "source": "s", "points": [[0, 1], [0.5, 0.8], [0.5, 0.2]] }'));
    expect(found[0]).toMatchObject({ path: 'outputs[0].reference.points[2][0]' });
    expect(found[0].message).toMatch(/t must increase: 0\.5 follows 0\.5/);
    expect(issues(pendulum('{ "source": "s", "points": [[1, 1], [0, 0.8]] }'))[0].path).toBe('outputs[0].reference.points[1][0]');
  });

  it('refuses a wrong shape: three numbers in a point, one point, no source, an unknown key, a string value', () => {
    expect(issues(pendulum('{ "source": "s", "points": [[0, 1, 2], [1, 0]] }'))[0].path).toMatch(/^outputs\[0\]\.reference\.points\[0\]/);
    expect(issues(pendulum('{ "source": "s", "points": [[0, 1]] }'))[0]).toMatchObject({ path: 'outputs[0].reference.points', message: expect.stringMatching(/at least two points/) });
    expect(issues(pendulum('{ "points": [[0, 1], [1, 0]] }'))[0].path).toMatch(/^outputs\[0\]\.reference/);
    expect(issues(pendulum('{ "source": "s", "points": [[0, 1], [1, 0]], "unit": "m" }'))[0].path).toMatch(/^outputs\[0\]\.reference/);
    expect(issues(pendulum('{ "source": "s", "points": [[0, "1"], [1, 0]] }'))[0].path).toMatch(/^outputs\[0\]\.reference\.points\[0\]/);
  });

  it('is refused on an output of a repeated group (one table cannot belong to every copy)', () => {
    expect(issues(pendulum('{ "source": "s", "points": [[0, 1], [1, 0]] }', true))[0].path).toMatch(/^groups\[0\]\.outputs\[0\]/);
  });

  it.each([
    ['pendulum', 'x_P1'], ['n-four-bar', 'x_B0'], ['andrews', 'beta'], ['bricard', 'x_P3'], ['flyball-governor', 's'],
  ])('the shipped %s carries one on %s: a converged run, ≤ 201 points over its default run, t from 0 to t_end', (id, output) => {
    const def = getScenario(id);
    expect(Object.keys(def.outputReferences ?? {})).toEqual([output]);
    const ref = def.outputReferences![output];
    expect(ref.source).toMatch(/^converged run: modified HHT, α = −0\.1, h = .* \(docs\/benchmarks\.md\)$/);
    const points = ref.points!;
    expect(points.length).toBeLessThanOrEqual(201);
    expect(points[0][0]).toBe(0);
    expect(points[points.length - 1][0]).toBeCloseTo(def.defaultTEnd, 12);
    expect(readFileSync(`models/${id}.json`, 'utf8').length).toBeLessThan(20_000);
  });
});
