/**
 * The model editor's logic in Node (src/app/editor): the reader's mistakes placed at the text they are about,
 * a JSON syntax error where the parser stopped, and completion of keys and kinds from the model's JSON Schema.
 */
import { describe, expect, it } from 'vitest';
import { EditorState } from '@codemirror/state';
import { json } from '@codemirror/lang-json';
import { CompletionContext } from '@codemirror/autocomplete';
import '../../src/scenario/custom';
import { readCustomModel } from '../../src/scenario/registry';
import { modelJsonSchema } from '../../src/modelfile/schema';
import { issueRange, modelDiagnostics, pathParts } from '../../src/app/editor/modelLint';
import { schemaCompletionSource } from '../../src/app/editor/schemaCompletion';
import { DOUBLE_PENDULUM, MISSPELT_BODY } from '../support/customModels';

const stateOf = (doc: string) => EditorState.create({ doc, extensions: [json()] });
const read = (text: string) => readCustomModel(text)!;
const lineOf = (state: EditorState, pos: number) => state.doc.lineAt(pos).number;

describe('the model editor: mistakes at their line', () => {
  it('reads paths as the reader writes them', () => {
    expect(pathParts('joints[1].bodies[1]')).toEqual(['joints', 1, 'bodies', 1]);
    expect(pathParts('')).toEqual([]);
    expect(pathParts('parameters.L')).toEqual(['parameters', 'L']);
  });

  it('marks a misspelt body name itself, on its line', () => {
    const state = stateOf(MISSPELT_BODY);
    const found = modelDiagnostics(state, read);
    expect(found).toHaveLength(1);
    expect(found[0].message).toBe('joints[1].bodies[1]: no body named "lowr"; did you mean "lower"?');
    expect(state.sliceDoc(found[0].from, found[0].to)).toBe('"lowr"');
    expect(lineOf(state, found[0].from)).toBe(MISSPELT_BODY.split('\n').findIndex((l) => l.includes('"lowr"')) + 1);
  });

  it('marks an unknown key by its name, and a wrong kind at its value', () => {
    const text = DOUBLE_PENDULUM.replace('"gravity"', '"gravty"').replace('"type": "angle"', '"type": "angel"');
    const state = stateOf(text);
    const found = modelDiagnostics(state, read);
    const marked = found.map((d) => state.sliceDoc(d.from, d.to));
    expect(marked).toEqual(expect.arrayContaining(['"gravty"', '"angel"']));
  });

  it('marks a JSON syntax error where the parser stopped', () => {
    const text = DOUBLE_PENDULUM.replace('"title": "Double pendulum",', '"title": "Double pendulum"');
    const state = stateOf(text);
    const [found] = modelDiagnostics(state, read);
    expect(found.message).toMatch(/^not valid JSON: /);
    // The missing comma: the parser stops at the next key, on the line after the title.
    const titleLine = text.split('\n').findIndex((l) => l.includes('"title"')) + 1;
    expect([titleLine, titleLine + 1]).toContain(lineOf(state, found.from));
  });

  it('a path the text does not reach ends at the deepest value it does (the object, on its first line)', () => {
    const state = stateOf(DOUBLE_PENDULUM);
    const range = issueRange(state, { path: 'bodies[1].pointMasses[0]', message: 'x' })!;
    expect(state.sliceDoc(range.from, range.to)).toBe('{ "name": "lower", "mass": "m", "inertia": ["m * L^2 / 12", "m * L^2 / 12", 0.001],');
    expect(modelDiagnostics(state, read)).toEqual([]);
  });
});

describe('the model editor: completion from the JSON Schema', () => {
  const source = schemaCompletionSource(modelJsonSchema() as never);
  const complete = (doc: string, explicit = true) => {
    const pos = doc.indexOf('|');
    const state = stateOf(doc.replace('|', ''));
    return source(new CompletionContext(state, pos, explicit));
  };
  const labels = (doc: string) => complete(doc)?.options.map((o) => o.displayLabel ?? o.label) ?? [];

  it('offers the keys a joint may have, less those written, narrowed by its type', () => {
    const offered = labels('{"joints": [{"type": "revolute", "name": "A", |}]}');
    expect(offered).toEqual(expect.arrayContaining(['bodies', 'at', 'axis', 'ref', 'initial']));
    expect(offered).not.toContain('name');
    expect(offered).not.toContain('axes');
  });

  it('offers the top-level keys of a model, and the kinds of a load after "type"', () => {
    expect(labels('{"format": "hht-model/1", |}')).toEqual(expect.arrayContaining(['title', 'bodies', 'joints', 'loads', 'outputs', 'run']));
    expect(labels('{"loads": [{"type": |}]}')).toEqual(['force', 'moment', 'motor', 'spring', 'torsion-spring']);
  });
});
