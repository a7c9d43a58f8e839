import { describe, expect, it } from 'vitest';
import { embedSnippet, escapeAttribute } from '../../src/app/embed';
import { decodeShareQuery } from '../../src/scenario/url';

describe('embed code', () => {
  it('is an iframe of the link with size, title and allow="fullscreen", the link attribute-escaped', () => {
    const snippet = embedSnippet('https://x.org/hht/?v=1&scenario=spin&embed=on', 'HHT Playground: "spin" <demo>');
    expect(snippet).toBe(
      '<iframe src="https://x.org/hht/?v=1&amp;scenario=spin&amp;embed=on" width="640" height="400" title="HHT Playground: &quot;spin&quot; &lt;demo&gt;" allow="fullscreen" style="border: 0"></iframe>',
    );
    expect(embedSnippet('a', 't', 320, 240)).toContain('width="320" height="240"');
    expect(escapeAttribute('&amp;')).toBe('&amp;amp;');
  });

  it('embed=on is a view key of the link: kept in view, no effect on the run state', () => {
    const plain = decodeShareQuery('v=1&scenario=spin&alpha=-0.1');
    const embedded = decodeShareQuery('v=1&scenario=spin&alpha=-0.1&embed=on');
    expect(embedded.issues).toEqual([]);
    expect(embedded.view.embed).toBe('on');
    expect(embedded.state).toEqual(plain.state);
  });
});
