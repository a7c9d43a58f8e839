import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { columnUnits, OUTPUT_TYPE_UNITS, SAMPLE_COLUMN_UNITS } from '../../src/run/columnUnits';
import { modelFactsOf } from '../../src/run/modelFacts';
import { buildScenario } from '../../src/scenario/build';
import '../../src/scenario/custom';
import { defaultValues, readCustomModel } from '../../src/scenario/registry';
import { SAMPLE_COLUMNS } from '../../src/solver/sampleColumns';
import { DOUBLE_PENDULUM } from '../support/customModels';

/** The double pendulum with a spring and one output of every type, named after its type. */
const EVERY_OUTPUT = DOUBLE_PENDULUM.replace(/"outputs": \[[^\]]*\]/, `"loads": [{ "type": "spring", "name": "s", "between": ["upper.tip", [0, -1, 0]], "stiffness": 10 }],
  "outputs": [
    { "type": "position", "name": "position", "point": "lower.tip", "component": "x" },
    { "type": "velocity", "name": "velocity", "point": "lower.tip", "component": "y" },
    { "type": "angle", "name": "angle", "joint": "elbow" },
    { "type": "rate", "name": "rate", "joint": "elbow" },
    { "type": "omega", "name": "omega_lower", "body": "lower", "component": "z" },
    { "type": "spring-length", "name": "spring-length", "spring": "s" }
  ]`);

describe('units of the columns', () => {
  it('gives every output type the unit its compiled output carries', () => {
    const read = readCustomModel(EVERY_OUTPUT);
    if (!read?.ok) throw new Error(`the test model does not read: ${JSON.stringify(read)}`);
    const facts = modelFactsOf(buildScenario(read.def, defaultValues(read.def)));
    const byType = Object.fromEntries(facts.outputs.map((o) => [o.name === 'omega_lower' ? 'omega' : o.name, o.unit]));
    expect(byType).toEqual(OUTPUT_TYPE_UNITS);
    expect(columnUnits(facts.outputs)).toEqual([...SAMPLE_COLUMNS.map((c) => SAMPLE_COLUMN_UNITS[c].unit), 'm', 'm/s', 'rad', 'rad/s', 'rad/s', 'm']);
  });

  it('are documented in docs/sim.md, column by column, as `sim --help` and the JSON give them', () => {
    const doc = readFileSync('docs/sim.md', 'utf8');
    for (const column of SAMPLE_COLUMNS) {
      const { unit } = SAMPLE_COLUMN_UNITS[column];
      expect(doc, column).toContain(`| \`${column}\` | ${unit || '–'} |`);
    }
    for (const [type, unit] of Object.entries(OUTPUT_TYPE_UNITS)) expect(doc, type).toContain(`| \`${type}\` | ${unit} |`);
  });
});
