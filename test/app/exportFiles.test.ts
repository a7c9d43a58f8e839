import { describe, expect, it } from 'vitest';
import { exportFileStem, slugOf } from '../../src/app/export/fileNames';
import '../../src/scenario/custom';
import { readCustomModel, useCustomScenario } from '../../src/scenario/registry';
import { DOUBLE_PENDULUM } from '../support/customModels';

describe('names of exported files', () => {
  it('slugs a title safely: ASCII letters, digits and single hyphens, never empty, never a path', () => {
    expect(slugOf("Andrews' squeezing mechanism (A03)")).toBe('andrews-squeezing-mechanism-a03');
    expect(slugOf('Pendule double — Müller')).toBe('pendule-double-muller');
    expect(slugOf('../../etc/passwd')).toBe('etc-passwd');
    expect(slugOf('=HYPERLINK("http://x")')).toBe('hyperlink-http-x');
    expect(slugOf('ω')).toBe('model');
    expect(slugOf('a'.repeat(200))).toHaveLength(60);
    expect(slugOf(`${'ab '.repeat(19)}cd`)).not.toMatch(/-$/);
  });

  it('names a shipped model by its id and a user model by its title', () => {
    expect(exportFileStem({ scenario: 'heavy-top' })).toBe('hht-heavy-top');
    const read = readCustomModel(DOUBLE_PENDULUM);
    if (!read?.ok) throw new Error('the test model does not read');
    useCustomScenario(read.def);
    try {
      expect(exportFileStem({ scenario: 'custom' })).toBe('hht-double-pendulum');
    } finally {
      useCustomScenario(null);
    }
  });
});
