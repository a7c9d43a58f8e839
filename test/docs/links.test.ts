/**
 * Every relative link, image and anchor of the README, CONTRIBUTING, CHANGELOG and docs/ resolves (the anchor
 * as GitHub computes it from the target's headings). The checker itself is tested on small documents first, so
 * a check that found nothing cannot pass by checking nothing.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenLinks, headingAnchors, markdownFiles, outlineOf } from './linkCheck';

const ROOT = resolve(__dirname, '../..');
const TOP_LEVEL = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'].map((name) => join(ROOT, name));

describe('the link checker', () => {
  it('computes anchors as GitHub does: lowercase, punctuation dropped, spaces to hyphens, duplicates numbered', () => {
    const anchors = headingAnchors(['The `sim` command', 'Speed (`npm run bench`)', 'Why 20 µs/step is out of reach', 'Notes', 'Notes', 'ρ∞ sweep: 5 × 2']);
    expect([...anchors]).toEqual(['the-sim-command', 'speed-npm-run-bench', 'why-20-µsstep-is-out-of-reach', 'notes', 'notes-1', 'ρ-sweep-5--2']);
  });

  it('reads links from text, tables, lists, images and HTML, not from code', () => {
    const { links, headings } = outlineOf(
      [
        '# Title with [a link](a.md)',
        'See [b](b.md#x) and ![c](c.png) but not `[d](d.md)`.',
        '',
        '| e |',
        '| --- |',
        '| [e](e.md) |',
        '',
        '- [f](f.md)',
        '',
        '```',
        '[g](g.md)',
        '```',
        '',
        '<img src="h.png" alt="h">',
        '',
        '[i][ref] and [j](https://example.org/j.md)',
        '',
        '[ref]: i.md',
      ].join('\n'),
    );
    expect(links.map((l) => l.href)).toEqual(['a.md', 'b.md#x', 'c.png', 'e.md', 'f.md', 'h.png', 'i.md', 'https://example.org/j.md']);
    expect(headings).toEqual(['Title with a link']);
  });

  it('reports a missing file, a missing anchor and a missing image, and accepts what exists', () => {
    const root = mkdtempSync(join(tmpdir(), 'links-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs', 'b.md'), '# B\n\n## Exit codes\n\n## Exit codes\n');
    writeFileSync(join(root, 'pic.png'), '');
    writeFileSync(
      join(root, 'a.md'),
      [
        '# A',
        '[ok](docs/b.md#exit-codes-1) [ok](#a) [ok](pic.png) [ok](docs/) [external](https://example.org/nowhere.md)',
        '[gone](docs/c.md) [bad anchor](docs/b.md#exit-code) [bad own anchor](#b) ![gone](img.png)',
      ].join('\n'),
    );
    const broken = brokenLinks(root, [join(root, 'a.md')]);
    expect(broken.map((b) => b.href)).toEqual(['docs/c.md', 'docs/b.md#exit-code', '#b', 'img.png']);
    expect(broken.every((b) => b.file === 'a.md' && b.reason.length > 0)).toBe(true);
  });
});

describe("the project's documentation", () => {
  const files = [...TOP_LEVEL, ...markdownFiles(join(ROOT, 'docs'))];

  it('covers the README, CONTRIBUTING, CHANGELOG and every page of docs/', () => {
    expect(files.length).toBeGreaterThan(TOP_LEVEL.length);
    expect(files.some((file) => file.endsWith(join('docs', 'app.md')))).toBe(true);
  });

  it('has no broken relative link, image or anchor', () => {
    expect(brokenLinks(ROOT, files)).toEqual([]);
  });
});
