/**
 * Where things are in a model file's text: the line and column of a path (`joints[3].bodies[1]`), of a key, of
 * a character inside an expression, and of a JSON syntax error. The syntax tree comes from jsonc-parser (the
 * parser of VS Code's JSON support), read for places only: the values themselves come from JSON.parse, which
 * keeps a key such as "__proto__" as plain data.
 */
import { createScanner, findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { MODEL_LIMITS } from './limits';
import type { PathPart } from './paths';

/** A place in the text, both 1-based (as editors count). */
export interface TextPlace {
  readonly line: number;
  readonly column: number;
}

const STRICT_JSON = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false } as const;

/** Line starts of a text, for offset → line and column. */
export class TextPlaces {
  private lineStarts: number[] | null = null;
  private tree: Node | undefined | null = null;

  constructor(readonly text: string) {}

  /** The 1-based line and column of a 0-based offset. */
  placeOf(offset: number): TextPlace {
    const starts = (this.lineStarts ??= lineStarts(this.text));
    let lo = 0, hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  }

  /**
   * The syntax tree; undefined when the text is not JSON or nests deeper than the limit (jsonc-parser recurses
   * once per level, so a deeper text is never handed to it).
   */
  root(): Node | undefined {
    if (this.tree === null) this.tree = this.deepestOpening(MODEL_LIMITS.depth) === null ? parseTree(this.text, [], STRICT_JSON) : undefined;
    return this.tree;
  }

  /**
   * The offset of the first '[' or '{' that opens level `limit + 1`, or null when the text nests no deeper:
   * jsonc-parser's scanner (no recursion), so strings and escapes are skipped as JSON reads them.
   */
  deepestOpening(limit: number): number | null {
    const scanner = createScanner(this.text, true);
    let depth = 0;
    // SyntaxKind (jsonc-parser): 1 '{', 2 '}', 3 '[', 4 ']', 17 end of file.
    for (let kind = scanner.scan(); kind !== 17; kind = scanner.scan()) {
      if (kind === 1 || kind === 3) {
        if (++depth > limit) return scanner.getTokenOffset();
      } else if (kind === 2 || kind === 4) {
        depth--;
      }
    }
    return null;
  }

  /** The node at a path, or the deepest node on the way to it (a missing key is shown at its object). */
  nodeAt(path: readonly PathPart[]): Node | undefined {
    const root = this.root();
    if (!root) return undefined;
    for (let k = path.length; k >= 0; k--) {
      const node = findNodeAtLocation(root, path.slice(0, k) as PathPart[]);
      if (node) return node;
    }
    return root;
  }

  /** The place of a path's value; of its key with `key` (an unknown key); or of a character inside its string. */
  placeAt(path: readonly PathPart[], within?: { readonly key?: string; readonly textOffset?: number }): TextPlace {
    const node = this.nodeAt(path);
    if (!node) return { line: 1, column: 1 };
    if (within?.key !== undefined && node.type === 'object') {
      const property = node.children?.find((p) => p.children?.[0]?.value === within.key);
      if (property?.children?.[0]) return this.placeOf(property.children[0].offset);
    }
    if (within?.textOffset !== undefined && node.type === 'string' && typeof node.value === 'string') {
      // Inside the quotes, exact when the string has no escapes (the text then is the value).
      const inner = this.text.slice(node.offset + 1, node.offset + 1 + node.value.length);
      if (inner === node.value) return this.placeOf(node.offset + 1 + Math.min(within.textOffset, node.value.length));
    }
    return this.placeOf(node.offset);
  }

  /** The value at a path as it is written (a number such as 1e999 keeps its spelling); undefined if absent. */
  rawAt(path: readonly PathPart[]): string | undefined {
    const root = this.root();
    const node = root && findNodeAtLocation(root, path as PathPart[]);
    return node ? this.text.slice(node.offset, node.offset + node.length) : undefined;
  }

  /** Keys written twice in one object (JSON.parse keeps the last silently): their paths and places. */
  duplicateKeys(): { path: PathPart[]; key: string; place: TextPlace }[] {
    const found: { path: PathPart[]; key: string; place: TextPlace }[] = [];
    const root = this.root();
    if (!root) return found;
    const stack: { node: Node; path: PathPart[] }[] = [{ node: root, path: [] }];
    while (stack.length > 0) {
      const { node, path } = stack.pop() as { node: Node; path: PathPart[] };
      if (node.type === 'object') {
        const seen = new Set<string>();
        for (const property of node.children ?? []) {
          const [key, value] = property.children ?? [];
          if (!key || typeof key.value !== 'string') continue;
          if (seen.has(key.value)) found.push({ path, key: key.value, place: this.placeOf(key.offset) });
          seen.add(key.value);
          if (value) stack.push({ node: value, path: [...path, key.value] });
        }
      } else if (node.type === 'array') {
        (node.children ?? []).forEach((child, i) => stack.push({ node: child, path: [...path, i] }));
      }
    }
    return found;
  }

  /** The first JSON syntax error: its place and what is wrong, in words. Null if jsonc-parser finds none. */
  syntaxError(): { place: TextPlace; message: string } | null {
    const errors: ParseError[] = [];
    const deep = this.deepestOpening(MODEL_LIMITS.depth);
    if (deep !== null) return { place: this.placeOf(deep), message: `nested more than ${MODEL_LIMITS.depth} levels deep; the limit is ${MODEL_LIMITS.depth}` };
    parseTree(this.text, errors, STRICT_JSON);
    if (errors.length === 0) return null;
    const first = errors[0];
    return { place: this.placeOf(first.offset), message: SYNTAX_WORDS[printParseErrorCode(first.error)] ?? 'not valid JSON here' };
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}

/** jsonc-parser's error codes in words. */
const SYNTAX_WORDS: Readonly<Record<string, string>> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'a number is written wrongly (JSON numbers look like 12, -0.5 or 1e-3)',
  PropertyNameExpected: 'expected a key in double quotes (a comma before } is not allowed in JSON)',
  ValueExpected: 'expected a value (a comma before ] or } is not allowed in JSON)',
  ColonExpected: "expected ':' after the key",
  CommaExpected: "expected ',' between two items",
  CloseBraceExpected: "expected '}' (an object is not closed)",
  CloseBracketExpected: "expected ']' (a list is not closed)",
  EndOfFileExpected: 'expected the end of the file after the model object',
  InvalidCommentToken: 'comments are not allowed in JSON (use "description")',
  UnexpectedEndOfComment: 'a comment is not closed (and comments are not allowed in JSON)',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number ends too early',
  InvalidUnicode: 'an invalid \\u escape in a string',
  InvalidEscapeCharacter: 'an invalid escape in a string (write \\\\ for a backslash)',
  InvalidCharacter: 'a control character (such as a tab or a line break) inside a string',
};
