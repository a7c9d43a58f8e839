/** Reading a model file: the shipped ones pass; mistakes are named where and what. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readModelText } from '../../src/modelfile/read';

const shipped = (id: string) => readFileSync(`models/${id}.json`, 'utf8');

describe('reading model files', () => {
  it.each(['spin', 'heavy-top', 'v8-crank'])('the shipped %s passes the schema, compiles and assembles', (id) => {
    const result = readModelText(shipped(id));
    expect(result.ok, result.ok ? '' : JSON.stringify(result.issues)).toBe(true);
  });

  it('names a misspelt key, a misspelt joint type and a misspelt body with the nearest name', () => {
    const doc = JSON.parse(shipped('heavy-top'));
    doc.bodies[0].intertia = doc.bodies[0].inertia;
    delete doc.bodies[0].inertia;
    let result = readModelText(JSON.stringify(doc));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]).toEqual({ path: 'bodies[0]', message: 'unknown key "intertia"; did you mean "inertia"?' });
    const doc2 = JSON.parse(shipped('heavy-top'));
    doc2.joints[0].type = 'spherial';
    result = readModelText(JSON.stringify(doc2));
    if (!result.ok) expect(result.issues[0].message).toMatch(/"spherial" is not a known type; did you mean "spherical"\?/);
    const doc3 = JSON.parse(shipped('heavy-top'));
    doc3.joints[0].bodies = ['tpo', 'ground'];
    result = readModelText(JSON.stringify(doc3));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]).toEqual({ path: 'joints[0].bodies[0]', message: 'no body named "tpo"; did you mean "top"?' });
  });

  it('refuses what is not a model without throwing', () => {
    for (const text of ['', '[]', '42', '{', '{"format": "x"}', 'null', '{"__proto__": {"polluted": 1}}']) {
      const result = readModelText(text);
      expect(result.ok).toBe(false);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
