/**
 * The published JSON Schema (docs/model-format.schema.json) is generated from the zod schema the reader uses
 * (`npm run schema`), and a standard JSON Schema validator (ajv, draft 2020-12) agrees with the reader on the
 * shipped models, the documentation's examples and a few broken files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import { modelJsonSchemaText } from '../../src/modelfile/schema';
import { readModelText } from '../../src/modelfile/read';

const SCHEMA_FILE = 'docs/model-format.schema.json';
const modelFiles = [
  ...readdirSync('models').filter((f) => f.endsWith('.json')).map((f) => `models/${f}`),
  ...readdirSync('docs/examples').filter((f) => f.endsWith('.json')).map((f) => `docs/examples/${f}`),
];

describe('the published JSON Schema', () => {
  it('is the one generated from the reader\'s schema (run `npm run schema` after changing src/modelfile/schema.ts)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(modelJsonSchemaText());
  });

  it.each(modelFiles)('%s points at it with a relative "$schema" that resolves', (file) => {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { $schema?: string };
    expect(doc.$schema).toBeDefined();
    expect(resolve(dirname(file), doc.$schema as string)).toBe(resolve(SCHEMA_FILE));
  });

  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')));

  it.each(modelFiles)('a JSON Schema validator accepts %s, as the reader does', (file) => {
    const text = readFileSync(file, 'utf8');
    expect(validate(JSON.parse(text)), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(readModelText(text).ok).toBe(true);
  });

  it('a JSON Schema validator refuses the shape mistakes the reader refuses', () => {
    const base = JSON.parse(readFileSync('models/heavy-top.json', 'utf8'));
    const broken: ((d: any) => void)[] = [
      (d) => { d.bodies[0].intertia = 1; },
      (d) => { d.joints[0].type = 'spherial'; },
      (d) => { d.bodies[0].position = [1, 2]; },
      (d) => { d.format = 'hht-model/2'; },
      (d) => { delete d.title; },
      (d) => { d.run.methods = ['classic']; },
      (d) => { d.bodies[0].shape[0].axis = [0, 1]; }, // a string may name a vector of the file's own, so only a wrong length is a shape mistake
      (d) => { d.defaultOutput = ['beta']; },
    ];
    for (const change of broken) {
      const doc = structuredClone(base);
      change(doc);
      expect(validate(doc)).toBe(false);
      expect(readModelText(JSON.stringify(doc)).ok).toBe(false);
    }
  });
});
