/**
 * Embed mode (SPEC §4 and §7 "course page"): the share link with `embed=on` shows the
 * page for an `<iframe>` in a course page. This module writes the snippet a lecturer pastes.
 */

/** The frame size the embed code proposes: the course-page size of SPEC §7. */
export const EMBED_WIDTH = 640;
export const EMBED_HEIGHT = 400;

/** Escapes text for a double-quoted HTML attribute (a link's `&` becomes `&amp;`). */
export function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The `<iframe>` snippet that embeds a link, e.g.
 * embedSnippet('https://x.org/hht/?v=1&embed=on', 'HHT Playground: heavy top') ===
 * '<iframe src="https://x.org/hht/?v=1&amp;embed=on" width="640" height="400" title="HHT Playground: heavy top" allow="fullscreen" style="border: 0"></iframe>'.
 */
export function embedSnippet(src: string, title: string, width: number = EMBED_WIDTH, height: number = EMBED_HEIGHT): string {
  return `<iframe src="${escapeAttribute(src)}" width="${width}" height="${height}" title="${escapeAttribute(title)}" allow="fullscreen" style="border: 0"></iframe>`;
}
