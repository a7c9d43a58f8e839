/**
 * Every limit of a model file in one place (docs/model-format.md lists them, and a test checks that the two
 * agree). Together they bound the work of reading, compiling and assembling any text whatever it holds: the
 * reader checks the text, the JSON and the schema against them before it evaluates anything, and evaluation
 * itself counts its operations (expressions.ts), so a short text cannot make long work either.
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
  /**
   * Characters of a value's name (parameter, `let`, loop variable): a parameter's name is a share link's key,
   * whose length the link limits to the same (src/scenario/url.ts MAX_KEY_LENGTH).
   */
  valueNameLength: 32,
  /** Characters of one expression. */
  expressionLength: 2_000,
  /** Nesting depth of one expression (brackets, operators, calls). */
  expressionDepth: 64,
  /**
   * Items of one value, counted when it is built: a list counts itself and its items' items at every level, so
   * `[l, l]` holds twice what `l` holds even though it is built in one step from two references.
   */
  valueItems: 100_000,
  /**
   * Operations one evaluation may count: every step of an expression, every item compared by `==`, every
   * repetition of a group, every 64 characters of a text joined. One reading of a file (or one compiling of it
   * for a run, the 3D view or a parameter check) is one evaluation; the count, not a clock, decides, so the same
   * text gets the same answer on any machine. The largest shipped model (the N-four-bar) needs 3,673.
   */
  operations: 2_000_000,
  /** Items of all sections together once the repeated groups are expanded. */
  expandedItems: 20_000,
  /** Bodies of the model. */
  bodies: 300,
  /** Constraint equations, one Euler-parameter normalisation per body included. */
  equations: 2_000,
  /** Issues listed for one file (the first ones found). */
  issues: 50,
} as const;
