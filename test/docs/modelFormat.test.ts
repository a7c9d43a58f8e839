/**
 * docs/model-format.md says what the reader does: its complete examples read, its fragments are JSON of the
 * format's shape, and its table of limits is the reader's (src/modelfile/limits.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readModelText } from '../../src/modelfile/read';
import { MODEL_LIMITS } from '../../src/modelfile/limits';

const page = readFileSync('docs/model-format.md', 'utf8');
const blocks = [...page.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);

describe('docs/model-format.md', () => {
  it('has examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
  });

  it('every complete model in it reads without an issue or a warning', () => {
    const complete = blocks.filter((b) => b.includes('"format"'));
    expect(complete.length).toBeGreaterThanOrEqual(1);
    for (const block of complete) {
      const result = readModelText(block);
      expect(result.ok, result.ok ? '' : JSON.stringify(result.issues)).toBe(true);
      if (result.ok) expect(result.warnings).toEqual([]);
    }
  });

  it('the five-line example is five lines', () => {
    expect(blocks[0].trim().split('\n')).toHaveLength(5);
  });

  it('every fragment is JSON (a key and its value, or an object)', () => {
    for (const block of blocks) {
      const text = block.trim().startsWith('"') ? `{${block}}` : block;
      expect(() => JSON.parse(text), block.slice(0, 60)).not.toThrow();
    }
  });

  it('its table of limits is the reader\'s', () => {
    const section = page.slice(page.indexOf('## Limits'), page.indexOf('## Errors'));
    const stated = [...section.matchAll(/^\| [^|]+ \| ([\d,]+) \|$/gm)].map((m) => Number(m[1].replace(/,/g, '')));
    expect(stated).toEqual(Object.values(MODEL_LIMITS));
  });
});
