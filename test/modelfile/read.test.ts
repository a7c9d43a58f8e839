/**
 * Reading model files (docs/model-format.md, "Errors"): the shipped ones pass; every mistake is named with its
 * path, its line and column, the value given, what is expected, and the nearest name for a misspelt one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readModelText, type ModelIssue } from '../../src/modelfile/read';
import { MODEL_LIMITS } from '../../src/modelfile/limits';

const shipped = (id: string) => readFileSync(`models/${id}.json`, 'utf8');

/** A small model whose lines the tests below point into (line numbers in the comments). */
const PENDULUM = `{
  "format": "hht-model/1",
  "title": "Pendulum",
  "parameters": { "L": { "value": 1 } },
  "gravity": [0, -9.81, 0],
  "bodies": [
    {
      "name": "rod",
      "mass": 2,
      "inertia": [0.01, "2 * L * L / 12", "2 * L * L / 12"],
      "position": ["L / 2", 0, 0],
      "points": { "tip": ["L / 2", 0, 0] }
    }
  ],
  "joints": [
    { "name": "pivot", "type": "revolute", "bodies": ["ground", "rod"], "at": [0, 0, 0], "axis": [0, 0, 1] }
  ],
  "outputs": [
    { "name": "x_tip", "type": "position", "point": "rod.tip", "component": "x" }
  ]
}`;

function firstIssue(text: string): ModelIssue {
  const result = readModelText(text);
  if (result.ok) throw new Error('expected the file to be refused');
  return result.issues[0];
}

/** The line and column (1-based) of the first occurrence of `needle` in `text`. */
function placeOf(text: string, needle: string, shift = 0): { line: number; column: number } {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`${needle} not in text`);
  const before = text.slice(0, at + shift).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

describe('reading model files', () => {
  it.each(['spin', 'heavy-top', 'v8-crank'])('the shipped %s passes the schema, compiles and assembles', (id) => {
    const result = readModelText(shipped(id));
    expect(result.ok, result.ok ? '' : JSON.stringify(result.issues)).toBe(true);
  });

  it('the small model of these tests reads, assembles and has no warning', () => {
    const result = readModelText(PENDULUM);
    expect(result.ok, result.ok ? '' : JSON.stringify(result.issues)).toBe(true);
    if (result.ok) expect(result.warnings).toEqual([]);
  });
});

describe('every mistake says where and what', () => {
  const cases: [string, string, string, RegExp, string, (number | string)?][] = [
    // name, replace this, with this, message, expected path, (where in the replacement: a shift or the text there)
    ['a misspelt key', '"inertia":', '"intertia":', /^unknown key "intertia"; did you mean "inertia"\?$/, 'bodies[0]'],
    ['a misspelt joint type', '"type": "revolute"', '"type": "revolut"', /^"revolut" is not a known type; did you mean "revolute"\? \(one of spherical, revolute,/, 'joints[0].type', 8],
    ['a misspelt body', '["ground", "rod"]', '["ground", "rdo"]', /^no body named "rdo"; did you mean "rod"\?$/, 'joints[0].bodies[1]', 11],
    ['a misspelt point', '"point": "rod.tip"', '"point": "rod.tpi"', /^"rod" has no point named "tpi"; did you mean "tip"\?$/, 'outputs[0].point', 9],
    ['a misspelt parameter in an expression', '"position": ["L / 2"', '"position": ["K / 2"', /^unknown name 'K' in "K \/ 2"$/, 'bodies[0].position[0]', 14],
    ['a vector of two numbers', '"position": ["L / 2", 0, 0]', '"position": [1, 2]', /^\[1, 2\]: expected a vector of three numbers/, 'bodies[0].position', 12],
    ['a number too large for a double', '"mass": 2', '"mass": 1e999', /^1e999 is not a finite number \(JSON reads it as Infinity\)$/, 'bodies[0].mass', 8],
    ['a zero mass', '"mass": 2', '"mass": 0', /^the mass must be > 0 kg, not 0$/, 'bodies[0].mass', 8],
    ['an impossible inertia', '"inertia": [0.01,', '"inertia": [5,', /triangle inequality/, 'bodies[0].inertia', 11],
    ['a zero axis', '"axis": [0, 0, 1]', '"axis": [0, 0, 0]', /^a direction cannot be the zero vector$/, 'joints[0].axis', 8],
    ['a joint of a body with itself', '["ground", "rod"]', '["rod", "rod"]', /^a joint between "rod" and itself$/, 'joints[0].bodies'],
    ['a component that is not one', '"component": "x"', '"component": "w"', /^"w" is not one of x, y, z$/, 'outputs[0].component', 13],
    ['a wrong format', '"format": "hht-model/1"', '"format": "hht-model/2"', /^"format" must be "hht-model\/1", not "hht-model\/2"$/, 'format', 10],
    ['a key written twice', '"mass": 2,', '"mass": 2, "mass": 3,', /^the key "mass" is written twice in this object/, 'bodies[0]', 11],
    ['a trailing comma', '"component": "x" }', '"component": "x", }', /^not valid JSON: expected a key in double quotes/, '', 18],
    ['an unknown function', '"2 * L * L / 12", "2', '"2 * L * sqr(L) / 12", "2', /^unknown name 'sqr' at character 9 of "2 \* L \* sqr\(L\) \/ 12"; did you mean 'sqrt'\?$/, 'bodies[0].inertia[1]', 9],
    ['time where no time is', '"position": ["L / 2"', '"position": ["L / 2 + t"', /^'t' \(time\) can only be used in forces, moments, motors and motions at character 9/, 'bodies[0].position[0]', 22],
    ['an output name used twice', '"component": "x" }', '"component": "x" }, { "name": "x_tip", "type": "rate", "joint": "pivot" }', /^a second output named "x_tip"$/, 'outputs[1].name', 30],
    ['a parameter outside its own bounds', '"L": { "value": 1 }', '"L": { "value": 20, "max": 10 }', /^20 is above the parameter's max = 10$/, 'parameters.L.value', '20'],
    ['a check about a misspelt parameter', '"gravity":', '"checks": [{ "require": "L > 0", "message": "L > 0", "parameter": "LL" }],\n  "gravity":', /^no parameter named "LL"/, 'checks[0].parameter', '"LL"'],
    ['a check the defaults fail', '"gravity":', '"checks": [{ "require": "L > 2", "message": "L={L} m is too short" }],\n  "gravity":', /^the file's own defaults fail its check: L=1 m is too short$/, 'checks[0].require', '"L > 2"'],
    ['a __proto__ key', '"mass": 2,', '"mass": 2, "__proto__": { "polluted": 1 },', /^the key "__proto__" is not allowed$/, 'bodies[0].__proto__', 24],
  ];

  it.each(cases)('%s', (_, from, to, message, path, shift) => {
    expect(PENDULUM.includes(from)).toBe(true);
    const text = PENDULUM.replace(from, to);
    const issue = firstIssue(text);
    expect(issue.message).toMatch(message);
    expect(issue.path).toBe(path);
    const place = placeOf(text, to, typeof shift === 'string' ? to.indexOf(shift) : shift ?? 0);
    expect({ line: issue.line, column: issue.column }, JSON.stringify(issue)).toEqual(place);
  });

  it('names the repetition of a repeated group in which a mistake happens', () => {
    const text = shipped('v8-crank').replace('"bodies": ["rod {side}{k + 1}", "crankshaft"]', '"bodies": ["rdo {side}{k + 1}", "crankshaft"]');
    const issue = firstIssue(text);
    expect(issue.path).toBe('groups[0].joints[0].bodies[0]');
    expect(issue.message).toBe('no body named "rdo L1"; did you mean "rod L1"? (repetition k = 0, side = L)');
  });

  it('a misspelt key in a union form is explained by the form it is closest to', () => {
    const text = PENDULUM.replace('"points":', '"orientation": { "axis": [0, 0, 1], "angel": 30 },\n      "points":');
    const result = readModelText(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
        'bodies[0].orientation.angle: "angle" is missing: expected a number or an expression string',
        'bodies[0].orientation: unknown key "angel"; did you mean "angle"?',
      ]);
    }
  });

  it('a place written as "body.point" with a misspelt body names the body', () => {
    const issue = firstIssue(PENDULUM.replace('"at": [0, 0, 0]', '"at": "rdo.tip"'));
    expect(issue.path).toBe('joints[0].at');
    expect(issue.message).toMatch(/^no body named "rdo"; did you mean "rod"\?/);
  });

  it('a configuration that cannot be closed names the joint at its line', () => {
    // The four-bar's rocker made short: with the crank held at 60° the coupler and the rocker cannot reach each other.
    const fourBar = readFileSync('test/fixtures/models/four-bar.json', 'utf8');
    const text = fourBar.replace('"rocker": { "value": 1,', '"rocker": { "value": 0.5,').replace('"crankAngle": { "value": 0', '"crankAngle": { "value": 60');
    const issue = firstIssue(text);
    expect(issue.message).toMatch(/^"C" cannot be closed at the initial configuration: it keeps a residual of [0-9.e+-]+ after 50 Newton iterations; check that the bodies it joins can reach each other with the initial angle of "A" held$/);
    expect(issue.path).toBe('joints[2]');
    expect({ line: issue.line, column: issue.column }).toEqual(placeOf(text, '{ "name": "C"'));
  });

  it('a body that nothing holds under gravity is a warning at its place, not an error', () => {
    const text = PENDULUM.replace('  ],\n  "joints"', '  ,{ "name": "stone", "mass": 1, "inertia": [1, 1, 1] }\n  ],\n  "joints"');
    const result = readModelText(text);
    expect(result.ok, result.ok ? '' : JSON.stringify(result.issues)).toBe(true);
    if (result.ok) {
      expect(result.warnings).toEqual(['"stone" is not tied to ground by any joint or spring: it falls freely under gravity']);
      expect(result.warningIssues[0].path).toBe('bodies[1]');
      expect(result.warningIssues[0].line).toBe(placeOf(text, '{ "name": "stone"').line);
    }
  });

  it('refuses what is not a model, without throwing', () => {
    for (const text of ['', '  ', '[]', '42', '{', '{"format": "x"}', 'null', '"text"', '{"__proto__": {"polluted": 1}}', '\u0000']) {
      const result = readModelText(text);
      expect(result.ok).toBe(false);
      if (!result.ok) for (const issue of result.issues) expect(issue.line).toBeGreaterThanOrEqual(1);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('states the limits it enforces: size, depth and values', () => {
    const big = `{"title": "${'x'.repeat(MODEL_LIMITS.characters)}"}`;
    expect(firstIssue(big).message).toBe(`the file has ${big.length} characters; the limit is ${MODEL_LIMITS.characters}`);
    const deep = `${'['.repeat(MODEL_LIMITS.depth + 1)}${']'.repeat(MODEL_LIMITS.depth + 1)}`;
    expect(firstIssue(deep).message).toBe(`nested more than ${MODEL_LIMITS.depth} levels deep; the limit is ${MODEL_LIMITS.depth}`);
    const many = `[${'0,'.repeat(MODEL_LIMITS.values)}0]`;
    expect(firstIssue(many).message).toMatch(/^the file holds more than 200000 values/);
  });
});
