/**
 * Relative links and anchors of the project's Markdown, checked the way GitHub renders them: a link's file
 * must exist, and its `#anchor` must be the slug of a heading in the target file (github-slugger: lowercase,
 * punctuation dropped except hyphens, spaces to hyphens, a repeated slug gets -1, -2, …). Markdown is parsed
 * by marked, so links inside code spans and code blocks are not links, and table cells and list items are.
 * External links (http, https, mailto) are not fetched.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { marked, type Token, type Tokens } from 'marked';

export interface MarkdownLink {
  /** The link target as written, e.g. `docs/sim.md#exit-codes` or `#the-contract`. */
  readonly href: string;
  /** 'link' for `[text](href)` and `<a href>`, 'image' for `![alt](src)` and `<img src>`. */
  readonly kind: 'link' | 'image';
}

export interface BrokenLink {
  /** The Markdown file the link is in, relative to the repository root. */
  readonly file: string;
  readonly href: string;
  readonly reason: string;
}

/** A document's headings in order and its links, read from its Markdown text. */
export interface MarkdownOutline {
  readonly headings: readonly string[];
  readonly links: readonly MarkdownLink[];
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const HTML_TARGET = /<(a|img)\b[^>]*?\b(href|src)\s*=\s*["']([^"']*)["']/gi;

/** The text GitHub shows for inline tokens: words and code, without markup or HTML tags. */
function plainText(tokens: readonly Token[] | undefined): string {
  if (!tokens) return '';
  return tokens
    .map((token) => {
      if (token.type === 'html') return '';
      if (token.type === 'codespan') return (token as Tokens.Codespan).text;
      if ('tokens' in token && Array.isArray(token.tokens)) return plainText(token.tokens as Token[]);
      return 'text' in token && typeof token.text === 'string' ? token.text : '';
    })
    .join('');
}

/** Headings (their displayed text) and links (including images and raw HTML anchors) of one document. */
export function outlineOf(markdown: string): MarkdownOutline {
  const tokens = marked.lexer(markdown);
  const headings: string[] = [];
  const links: MarkdownLink[] = [];
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'heading') headings.push(plainText((token as Tokens.Heading).tokens));
    else if (token.type === 'link') links.push({ href: (token as Tokens.Link).href, kind: 'link' });
    else if (token.type === 'image') links.push({ href: (token as Tokens.Image).href, kind: 'image' });
    else if (token.type === 'html') {
      for (const match of (token as Tokens.HTML).text.matchAll(HTML_TARGET)) {
        links.push({ href: match[3], kind: match[1].toLowerCase() === 'img' ? 'image' : 'link' });
      }
    }
  });
  return { headings, links };
}

/** The anchors GitHub gives a document's headings, in order (duplicates numbered). */
export function headingAnchors(headings: readonly string[]): Set<string> {
  const slugger = new GithubSlugger();
  return new Set(headings.map((heading) => slugger.slug(heading)));
}

/** Splits `path#fragment` and decodes percent-escapes; an undecodable part is kept as written. */
function splitTarget(href: string): { path: string; fragment: string | null } {
  const hash = href.indexOf('#');
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  if (hash < 0) return { path: decode(href), fragment: null };
  return { path: decode(href.slice(0, hash)), fragment: decode(href.slice(hash + 1)) };
}

/**
 * Every broken relative link of `files` (absolute paths of Markdown files under `root`). Anchors are checked
 * in Markdown targets only; a link to a folder must name an existing folder.
 */
export function brokenLinks(root: string, files: readonly string[], read: (path: string) => string = (p) => readFileSync(p, 'utf8')): BrokenLink[] {
  const outlines = new Map<string, MarkdownOutline>();
  const outline = (path: string) => {
    let found = outlines.get(path);
    if (!found) outlines.set(path, (found = outlineOf(read(path))));
    return found;
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    const name = relative(root, file);
    for (const { href } of outline(file).links) {
      if (EXTERNAL.test(href)) continue;
      const { path, fragment } = splitTarget(href);
      const target = path === '' ? file : resolve(dirname(file), path);
      if (path.startsWith('/')) {
        broken.push({ file: name, href, reason: 'absolute path (GitHub resolves it against the site, not the repository)' });
      } else if (!existsSync(target)) {
        broken.push({ file: name, href, reason: `no such file: ${relative(root, target)}` });
      } else if (fragment !== null) {
        if (!statSync(target).isFile() || !target.endsWith('.md')) {
          broken.push({ file: name, href, reason: 'an anchor into a file that is not Markdown' });
        } else if (!headingAnchors(outline(target).headings).has(fragment)) {
          broken.push({ file: name, href, reason: `no heading with anchor #${fragment} in ${relative(root, target)}` });
        }
      }
    }
  }
  return broken;
}

/** The Markdown files under `dir`, recursively, in a stable order. */
export function markdownFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return markdownFiles(path);
      return name.endsWith('.md') ? [path] : [];
    });
}
