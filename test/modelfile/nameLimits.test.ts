/**
 * Names a model file defines are bounded like the share link's keys (docs/model-format.md "Limits"): a parameter's
 * name is a link key and a `sim --set` name, so it has at most the link's key length (src/scenario/url.ts
 * MAX_KEY_LENGTH); `let` values, loop variables and a `let` record's fields follow the same rule; a ground point's
 * name has at most a name's length. Each longer name is refused at its place in the text.
 */
import { describe, expect, it } from 'vitest';
import { readModelText, type ModelIssue } from '../../src/modelfile/read';
import { MODEL_LIMITS } from '../../src/modelfile/limits';
import { MAX_KEY_LENGTH } from '../../src/scenario/url';
import { pendulumText } from '../support/pendulumText';

const LONGEST = MODEL_LIMITS.valueNameLength;
const nameOf = (length: number) => `p${'a'.repeat(length - 1)}`;

function issuesOf(text: string): readonly ModelIssue[] {
  const result = readModelText(text);
  return result.ok ? [] : result.issues;
}

function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`${needle} not in the text`);
  return text.slice(0, at).split('\n').length;
}

describe('names a model file defines are bounded like link keys', () => {
  it("a parameter's name has at most the link's key length", () => {
    expect(LONGEST).toBe(MAX_KEY_LENGTH);
    const text = (name: string) => pendulumText({ extra: `,\n  "parameters": {\n    "${name}": { "value": 1 }\n  }` });
    expect(issuesOf(text(nameOf(LONGEST)))).toEqual([]);
    const long = nameOf(LONGEST + 1);
    const [issue] = issuesOf(text(long));
    expect(issue.path).toBe(`parameters.${long}`);
    expect(issue.message).toMatch(new RegExp(`has ${LONGEST + 1} characters; .* at most ${LONGEST} \\(a parameter's name is a link key\\)`));
    expect(issue.line).toBe(lineOf(text(long), long));
  });

  it('so do let values, loop variables and the fields of a let record', () => {
    const long = nameOf(LONGEST + 1);
    const cases: [string, string][] = [
      [pendulumText({ extra: `,\n  "let": {\n    "${long}": 1\n  }` }), `let.${long}`],
      [pendulumText({ groups: `{ "repeat": {\n    "${long}": [1, 2] } }` }), `groups[0].repeat.${long}`],
      [pendulumText({ groups: `{ "repeat": { "k": [1] }, "let": {\n    "${long}": 1 } }` }), `groups[0].let.${long}`],
      [pendulumText({ extra: `,\n  "let": { "r": {\n    "${long}": 1 } }` }), `let.r.${long}`],
    ];
    for (const [text, path] of cases) {
      const [issue] = issuesOf(text);
      expect(issue?.path, text).toBe(path);
      expect(issue.message).toMatch(new RegExp(`at most ${LONGEST}`));
      expect(issue.line).toBe(lineOf(text, long));
    }
  });

  it("a ground point's name has at most a name's length", () => {
    const long = 'g'.repeat(MODEL_LIMITS.nameLength + 1);
    const text = pendulumText({ extra: `,\n  "ground": { "points": {\n    "${long}": [0, 0, 0] } }` });
    const [issue] = issuesOf(text);
    expect(issue.message).toMatch(new RegExp(`1 to ${MODEL_LIMITS.nameLength} characters`));
    expect(issue.line).toBe(lineOf(text, long));
  });
});
