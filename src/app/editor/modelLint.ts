/**
 * The model editor's diagnostics: the reader's own messages (the same ones `sim` and the page's notice give,
 * src/modelfile/read.ts) placed at the line they are about. A mistake's path (`joints[1].bodies[1]`) is found in
 * the editor's JSON syntax tree (@codemirror/lang-json); a syntax error at the tree's first error node. Works on an
 * EditorState alone, so it is tested in Node.
 */
import type { EditorState } from '@codemirror/state';
import { ensureSyntaxTree } from '@codemirror/language';
import type { SyntaxNode } from '@lezer/common';
import type { Diagnostic } from '@codemirror/lint';
import type { CustomModelIssue, CustomReadResult } from '../../scenario/registry';

/** The parts of a path: `joints[1].bodies[1]` → ['joints', 1, 'bodies', 1]. */
export function pathParts(path: string): (string | number)[] {
  const parts: (string | number)[] = [];
  for (const m of path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) parts.push(m[1] !== undefined ? Number(m[1]) : m[2]);
  return parts;
}

const PUNCTUATION = new Set(['[', ']', '{', '}', ',', ':']);

/** The value nodes of an Array node, in order. */
function elements(array: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = array.firstChild; c; c = c.nextSibling) if (!PUNCTUATION.has(c.name) && !c.type.isError) out.push(c);
  return out;
}

/** The key a PropertyName node spells (its JSON string read), or null. */
function keyOf(state: EditorState, name: SyntaxNode): string | null {
  try {
    return JSON.parse(state.sliceDoc(name.from, name.to)) as string;
  } catch {
    return null;
  }
}

/** The Property node of `key` in an Object node, or null. */
function property(state: EditorState, object: SyntaxNode, key: string): SyntaxNode | null {
  for (let p = object.firstChild; p; p = p.nextSibling) {
    if (p.name !== 'Property') continue;
    const name = p.getChild('PropertyName');
    if (name && keyOf(state, name) === key) return p;
  }
  return null;
}

/** The value node of a Property node (after its ':'). */
function valueOf(prop: SyntaxNode): SyntaxNode | null {
  let c = prop.getChild('PropertyName')?.nextSibling ?? null;
  while (c && PUNCTUATION.has(c.name)) c = c.nextSibling;
  return c;
}

/**
 * The text range a mistake is about: the value at its path (as deep as the text has it), or for an unknown key the
 * key itself. Null when the text has no JSON value at all.
 */
export function issueRange(state: EditorState, issue: CustomModelIssue): { from: number; to: number } | null {
  const tree = ensureSyntaxTree(state, state.doc.length, 2000);
  let node: SyntaxNode | null = tree?.topNode.firstChild ?? null;
  if (!node) return null;
  for (const part of pathParts(issue.path)) {
    let next: SyntaxNode | null = null;
    if (typeof part === 'number' && node.name === 'Array') next = elements(node)[part] ?? null;
    if (typeof part === 'string' && node.name === 'Object') {
      const prop = property(state, node, part);
      next = prop ? valueOf(prop) : null;
    }
    if (!next) break;
    node = next;
  }
  const unknown = /unknown key "([^"]+)"/.exec(issue.message);
  if (unknown && node.name === 'Object') {
    const name = property(state, node, unknown[1])?.getChild('PropertyName');
    if (name) return { from: name.from, to: name.to };
  }
  // A whole object or array: point at its first line, not every line of it.
  if (node.name === 'Object' || node.name === 'Array') {
    const line = state.doc.lineAt(node.from);
    return { from: node.from, to: Math.min(node.to, line.to) };
  }
  return { from: node.from, to: node.to };
}

/** Where JSON.parse stopped, from its message (V8: "at position N" or "(line L column C)"), else null. */
function syntaxErrorAt(state: EditorState, message: string): number | null {
  const position = /position (\d+)/.exec(message);
  if (position) return Math.min(Number(position[1]), state.doc.length);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) {
    const line = Number(lineColumn[1]);
    if (line >= 1 && line <= state.doc.lines) return Math.min(state.doc.line(line).from + Number(lineColumn[2]) - 1, state.doc.length);
  }
  return null;
}

/** The first error node of the editor's syntax tree, or null. */
function firstTreeError(state: EditorState): number | null {
  let at: number | null = null;
  ensureSyntaxTree(state, state.doc.length, 2000)?.iterate({
    enter: (node) => {
      if (at !== null) return false;
      if (node.type.isError) at = node.from;
      return undefined;
    },
  });
  return at;
}

/**
 * Diagnostics of the editor's text: a JSON syntax error where the parser stopped, else every mistake the reader
 * finds, each at its path. `read` is the reader (src/scenario/custom.ts through the registry).
 */
export function modelDiagnostics(state: EditorState, read: (text: string) => CustomReadResult): Diagnostic[] {
  const text = state.doc.toString();
  if (text.trim() === '') return [{ from: 0, to: 0, severity: 'info', message: 'Write a model file here (format "hht-model/1"), or open one.' }];
  try {
    JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const at = syntaxErrorAt(state, message) ?? firstTreeError(state) ?? 0;
    return [{ from: at, to: Math.min(at + 1, state.doc.length), severity: 'error', message: `not valid JSON: ${message}` }];
  }
  const result = read(text);
  if (result.ok) return [];
  return result.issues.map((issue) => {
    const range = issueRange(state, issue) ?? { from: 0, to: 0 };
    return { ...range, severity: 'error' as const, message: issue.path ? `${issue.path}: ${issue.message}` : issue.message };
  });
}
