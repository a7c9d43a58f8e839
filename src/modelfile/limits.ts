/**
 * Every limit of a model file in one place (docs/model-format.md lists them, and a test checks that the two
 * agree). Together they bound the work of reading, compiling and assembling any text whatever it holds: the
 * reader checks the text, the JSON and the schema against them before it evaluates anything.
 */
export const MODEL_LIMITS = {
  /** Characters of the file's text (about 1 MB). */
  characters: 1_000_000,
  /** Nesting depth of arrays and objects. */
  depth: 64,
  /** JSON values in the whole file: numbers, strings, booleans, arrays, objects. */
  values: 200_000,
  /** Items of one list (a section, a table, a `let` list). */
  listItems: 10_000,
  /** Repeated groups. */
  groups: 100,
  /** Characters of a name (body, point, joint, motion, load, output). */
  nameLength: 120,
  /** Characters of one expression. */
  expressionLength: 2_000,
  /** Nesting depth of one expression (brackets, operators, calls). */
  expressionDepth: 64,
  /** Items of all sections together once the repeated groups are expanded. */
  expandedItems: 20_000,
  /** Bodies of the model. */
  bodies: 300,
  /** Constraint equations, one Euler-parameter normalisation per body included. */
  equations: 2_000,
  /** Issues listed for one file (the first ones found). */
  issues: 50,
} as const;
