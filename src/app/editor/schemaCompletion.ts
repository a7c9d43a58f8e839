/**
 * Completion of the model file's keys and of its `type` values from its JSON Schema (modelJsonSchema(), SPEC §8):
 * inside an object the editor offers the keys the schema allows there (those not written yet), with their
 * descriptions; after `"type": ` the kinds of joint, load, output or shape. The schema is walked along the path of
 * the object under the cursor in the editor's JSON syntax tree, through $ref, anyOf/oneOf, items and records; a
 * oneOf of kinds is narrowed by the object's own `type`.
 */
import type { CompletionContext, CompletionResult, Completion } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';

/** A JSON Schema node (the parts used here). */
interface Schema {
  readonly $ref?: string;
  readonly type?: string;
  readonly const?: unknown;
  readonly description?: string;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly additionalProperties?: Schema | boolean;
  readonly items?: Schema | boolean;
  readonly prefixItems?: readonly Schema[];
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly enum?: readonly unknown[];
}

/** The schemas a node may be: $refs resolved, unions flattened. */
function alternatives(schema: Schema | boolean | undefined, root: Schema, depth = 0): Schema[] {
  if (!schema || schema === true || depth > 20) return [];
  if (schema.$ref?.startsWith('#/$defs/')) {
    const defs = (root as { $defs?: Record<string, Schema> }).$defs ?? {};
    return alternatives(defs[schema.$ref.slice('#/$defs/'.length)], root, depth + 1);
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.flatMap((s) => alternatives(s, root, depth + 1));
  return [schema];
}

/** The schemas of the child `part` of a node that may be any of `schemas`. */
function childSchemas(schemas: readonly Schema[], part: string | number, root: Schema): Schema[] {
  return schemas.flatMap((s) => {
    if (typeof part === 'number') return alternatives(s.prefixItems?.[part] ?? (s.items === false ? undefined : s.items), root);
    const named = s.properties?.[part];
    if (named) return alternatives(named, root);
    return typeof s.additionalProperties === 'object' ? alternatives(s.additionalProperties, root) : [];
  });
}

/** The path from the document's top value down to `node` (keys and array indices), and the object's own `type`. */
function pathTo(state: EditorState, node: SyntaxNode): (string | number)[] {
  const parts: (string | number)[] = [];
  let child = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.name === 'Property') {
      const name = parent.getChild('PropertyName');
      if (name && name.from !== child.from) parts.unshift(readKey(state, name));
    } else if (parent.name === 'Array') {
      let index = 0;
      for (let c = parent.firstChild; c && c.from < child.from; c = c.nextSibling) if (!['[', ']', ','].includes(c.name) && !c.type.isError) index++;
      parts.unshift(index);
    }
  }
  return parts;
}

function readKey(state: EditorState, name: SyntaxNode): string {
  const text = state.sliceDoc(name.from, name.to);
  try {
    return JSON.parse(text) as string;
  } catch {
    return text.replace(/^"|"$/g, '');
  }
}

/** Keys written in an Object node, and the value of its `type` key if it is a string. */
function writtenKeys(state: EditorState, object: SyntaxNode): { keys: Set<string>; type: string | null } {
  const keys = new Set<string>();
  let type: string | null = null;
  for (let p = object.firstChild; p; p = p.nextSibling) {
    if (p.name !== 'Property') continue;
    const name = p.getChild('PropertyName');
    if (!name) continue;
    const key = readKey(state, name);
    keys.add(key);
    const value = p.getChild('String');
    if (key === 'type' && value) type = readKey(state, value);
  }
  return { keys, type };
}

/** Narrows a union of object kinds to the one whose `type` const is the object's `type`. */
function ofType(schemas: readonly Schema[], type: string | null): Schema[] {
  if (type === null) return [...schemas];
  const matching = schemas.filter((s) => s.properties?.type?.const === type);
  return matching.length > 0 ? matching : [...schemas];
}

/** The schemas of the object node `object` (every alternative, narrowed by its `type`). */
export function objectSchemas(state: EditorState, object: SyntaxNode, root: Schema): Schema[] {
  let schemas = alternatives(root, root);
  for (const part of pathTo(state, object)) schemas = childSchemas(schemas, part, root);
  return ofType(schemas.filter((s) => s.properties !== undefined), writtenKeys(state, object).type);
}

function firstSentence(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const end = text.search(/\.\s/);
  return end > 0 ? text.slice(0, end + 1) : text;
}

/** Key completions for the object around `pos` (inside its braces, where a key may start). */
function keyCompletions(context: CompletionContext, object: SyntaxNode, root: Schema, from: number): CompletionResult | null {
  const { state } = context;
  const { keys } = writtenKeys(state, object);
  const seen = new Set<string>();
  const options: Completion[] = [];
  for (const schema of objectSchemas(state, object, root)) {
    for (const [key, sub] of Object.entries(schema.properties ?? {})) {
      if (keys.has(key) || seen.has(key) || key === '$schema') continue;
      seen.add(key);
      options.push({ label: `"${key}"`, displayLabel: key, apply: `"${key}": `, type: 'property', detail: firstSentence(alternatives(sub, root)[0]?.description ?? sub.description) });
    }
  }
  return options.length > 0 ? { from, options, validFor: /^"?[\w$-]*"?$/ } : null;
}

/** `type` value completions: the kinds the object's schema allows. */
function typeCompletions(context: CompletionContext, object: SyntaxNode, root: Schema, from: number): CompletionResult | null {
  const kinds = new Set<string>();
  let schemas = alternatives(root, root);
  for (const part of pathTo(context.state, object)) schemas = childSchemas(schemas, part, root);
  for (const s of schemas) {
    const c = s.properties?.type?.const;
    if (typeof c === 'string') kinds.add(c);
  }
  if (kinds.size === 0) return null;
  return { from, options: [...kinds].map((k) => ({ label: `"${k}"`, displayLabel: k, type: 'enum' })), validFor: /^"?[\w-]*"?$/ };
}

/** A completion source over the model file's JSON Schema. */
export function schemaCompletionSource(root: Schema): (context: CompletionContext) => CompletionResult | null {
  return (context) => {
    const tree = syntaxTree(context.state);
    const node = tree.resolveInner(context.pos, -1);
    // Typing a key: inside a PropertyName, or in an object where a key may start.
    if (node.name === 'PropertyName' && node.parent?.parent?.name === 'Object') return keyCompletions(context, node.parent.parent, root, node.from);
    if (node.name === 'Object') {
      const word = context.matchBefore(/"?[\w$-]*/);
      if (!context.explicit && (!word || word.from === word.to)) return null;
      return keyCompletions(context, node, root, word?.from ?? context.pos);
    }
    // The value of "type".
    const prop = node.name === 'Property' ? node : node.parent?.name === 'Property' ? node.parent : null;
    const name = prop?.getChild('PropertyName');
    if (prop && name && readKey(context.state, name) === 'type' && prop.parent?.name === 'Object') {
      const word = context.matchBefore(/"?[\w-]*"?/);
      return typeCompletions(context, prop.parent, root, word?.from ?? context.pos);
    }
    return null;
  };
}
