/**
 * Markowitz ordering with threshold pivoting for the symbolic phase of the sparse LU (sparseLu.ts): a sparse
 * Gaussian elimination on the matrix's values that picks each pivot to create little fill and keeps growth
 * bounded (Markowitz 1957; Duff, Erisman & Reid, Direct Methods for Sparse Matrices, 2nd ed., Sects. 7.8, 10.2).
 *
 * At step k the pivot is an entry a_rc of the active submatrix that is large enough in its row,
 * |a_rc| ≥ u · max_j |a_rj| (threshold u), and of least Markowitz cost (r_r − 1)(c_c − 1), r and c the entry
 * counts of its row and column (the fill it can create). Rows and columns are searched by increasing count,
 * and the search stops once no unsearched entry can be cheaper or after `searchLimit` lines with a candidate
 * (Zlatev's restricted search). Pivoting on both rows and columns needs no structurally nonzero diagonal:
 * the zero diagonal blocks of a KKT matrix need no special treatment.
 *
 * The elimination is simulated on the pattern (every entry, zero or not, keeps its place and spreads fill) with
 * the values alongside for the threshold test; the result is the pivot sequence and the pattern of L and U.
 * Runs once per pattern (and again when a refactorisation finds a pivot degraded); allocates freely.
 */

/** The result of the analysis: pivot k is entry (rowOrder[k], colOrder[k]) of the original matrix. */
export interface PivotSequence {
  readonly rowOrder: Int32Array;
  readonly colOrder: Int32Array;
  /** upperCols[k]: original columns of U's row k right of its pivot (fill included), ascending. */
  readonly upperCols: readonly Int32Array[];
  /** lowerRows[k]: original rows of L's column k below its pivot (fill included), ascending. */
  readonly lowerRows: readonly Int32Array[];
}

/** Threshold u of the pivot test |a_rc| ≥ u · max_j |a_rj| (0.1: the usual choice of MA48 and UMFPACK). */
export const MARKOWITZ_THRESHOLD = 0.1;
/**
 * Entries below this fraction of their row's largest entry in A are never pivots: what is left after a
 * cancellation to round-off (a singular matrix) is not a number to divide by. Far below any pivot of a
 * well-posed mechanism (the V8 crank's smallest, relative to its row of A, is 1e-3 over a whole run).
 */
export const SINGULAR_PIVOT_RATIO = 1e-14;
/** Lines searched for a pivot once a candidate is known (Zlatev's restricted search; MA48 searches 3 columns). */
export const MARKOWITZ_SEARCH_LIMIT = 4;

/**
 * Lines (rows or columns) in doubly linked lists by entry count, so the search visits the sparsest first.
 * New and moved lines go to the head of their list: the visiting order is a function of the input only.
 */
class CountBuckets {
  private readonly head: Int32Array;
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  readonly count: Int32Array;

  constructor(lines: number) {
    this.head = new Int32Array(lines + 1).fill(-1);
    this.next = new Int32Array(lines).fill(-1);
    this.prev = new Int32Array(lines).fill(-1);
    this.count = new Int32Array(lines);
  }

  first(count: number): number { return this.head[count]; }
  after(line: number): number { return this.next[line]; }

  insert(line: number, count: number): void {
    const h = this.head[count];
    this.count[line] = count;
    this.prev[line] = -1;
    this.next[line] = h;
    if (h >= 0) this.prev[h] = line;
    this.head[count] = line;
  }

  remove(line: number): void {
    const p = this.prev[line], nx = this.next[line];
    if (p >= 0) this.next[p] = nx; else this.head[this.count[line]] = nx;
    if (nx >= 0) this.prev[nx] = p;
  }

  move(line: number, count: number): void {
    if (count === this.count[line]) return;
    this.remove(line);
    this.insert(line, count);
  }
}

/** The best pivot candidate found so far by the search. */
interface Candidate { row: number; col: number; cost: number; ratio: number }

/**
 * Markowitz order with threshold u for the n×n matrix whose entries are (row[e], col[e], value[e]), e < count
 * (positions distinct; zero values are structural entries). Null if the matrix is singular: structurally (an
 * empty row or column in the active submatrix) or numerically (an active submatrix without an admissible
 * entry above SINGULAR_PIVOT_RATIO of its row of A), or if a value is not finite.
 * @example const seq = markowitzOrder(3, [0, 1, 2, 0], [0, 1, 2, 2], [4, 1, 2, 1], 4); // diagonal pivots
 */
export function markowitzOrder(
  n: number, row: ArrayLike<number>, col: ArrayLike<number>, value: ArrayLike<number>, count: number,
  threshold = MARKOWITZ_THRESHOLD, searchLimit = MARKOWITZ_SEARCH_LIMIT,
): PivotSequence | null {
  const rows = Array.from({ length: n }, () => new Map<number, number>());
  const cols = Array.from({ length: n }, () => new Set<number>());
  for (let e = 0; e < count; e++) {
    if (!Number.isFinite(value[e])) return null;
    rows[row[e]].set(col[e], value[e]);
    cols[col[e]].add(row[e]);
  }
  const floor = new Float64Array(n);
  for (let e = 0; e < count; e++) floor[row[e]] = Math.max(floor[row[e]], SINGULAR_PIVOT_RATIO * Math.abs(value[e]));
  const rowBuckets = new CountBuckets(n), colBuckets = new CountBuckets(n);
  for (let i = n - 1; i >= 0; i--) { rowBuckets.insert(i, rows[i].size); colBuckets.insert(i, cols[i].size); }

  const rowOrder = new Int32Array(n), colOrder = new Int32Array(n);
  const upperCols: Int32Array[] = [], lowerRows: Int32Array[] = [];
  const rowMaxOf = (r: number): number => {
    let m = 0;
    for (const v of rows[r].values()) { const a = Math.abs(v); if (a > m) m = a; }
    return m;
  };
  for (let k = 0; k < n; k++) {
    if (rowBuckets.first(0) >= 0 || colBuckets.first(0) >= 0) return null;
    const best = searchPivot(n, rows, cols, rowBuckets, colBuckets, rowMaxOf, floor, threshold, searchLimit);
    if (!best) return null;
    const r = best.row, c = best.col, pivotRow = rows[r];
    rowOrder[k] = r;
    colOrder[k] = c;
    const upper = [...pivotRow.keys()].filter((j) => j !== c).sort((a, b) => a - b);
    const lower = [...cols[c]].filter((i) => i !== r).sort((a, b) => a - b);
    upperCols.push(Int32Array.from(upper));
    lowerRows.push(Int32Array.from(lower));
    const pivot = pivotRow.get(c)!;
    for (const j of pivotRow.keys()) cols[j].delete(r);
    for (const i of lower) {
      const target = rows[i];
      const l = target.get(c)! / pivot;
      target.delete(c);
      for (const j of upper) {
        const old = target.get(j);
        if (old === undefined) { target.set(j, -l * pivotRow.get(j)!); cols[j].add(i); } else target.set(j, old - l * pivotRow.get(j)!);
      }
      rowBuckets.move(i, target.size);
    }
    for (const j of upper) colBuckets.move(j, cols[j].size);
    rowBuckets.remove(r);
    colBuckets.remove(c);
    pivotRow.clear();
    cols[c].clear();
  }
  return { rowOrder, colOrder, upperCols, lowerRows };
}

/**
 * The restricted Markowitz search: columns, then rows, of count 1, 2, …; null if no admissible entry exists.
 * An entry in lines of counts ≥ s costs at least (s − 1)², which ends the search early.
 */
function searchPivot(
  n: number, rows: readonly Map<number, number>[], cols: readonly Set<number>[],
  rowBuckets: CountBuckets, colBuckets: CountBuckets, rowMaxOf: (r: number) => number, floor: Float64Array,
  threshold: number, searchLimit: number,
): Candidate | null {
  const best: Candidate = { row: -1, col: -1, cost: Infinity, ratio: 0 };
  const consider = (r: number, c: number, v: number, rowMax: number, cost: number): void => {
    const a = Math.abs(v);
    if (!(a > floor[r]) || !(a >= threshold * rowMax) || !Number.isFinite(a)) return;
    const ratio = a / rowMax;
    if (cost < best.cost || (cost === best.cost && ratio > best.ratio)) {
      best.row = r; best.col = c; best.cost = cost; best.ratio = ratio;
    }
  };
  let searched = 0;
  for (let s = 1; s <= n; s++) {
    const floor = (s - 1) * (s - 1);
    for (let c = colBuckets.first(s); c >= 0; c = colBuckets.after(c)) {
      for (const r of cols[c]) consider(r, c, rows[r].get(c)!, rowMaxOf(r), (rowBuckets.count[r] - 1) * (s - 1));
      if (best.row >= 0 && (++searched >= searchLimit || best.cost <= floor)) return best;
    }
    for (let r = rowBuckets.first(s); r >= 0; r = rowBuckets.after(r)) {
      const rowMax = rowMaxOf(r);
      for (const [c, v] of rows[r]) consider(r, c, v, rowMax, (s - 1) * (colBuckets.count[c] - 1));
      if (best.row >= 0 && (++searched >= searchLimit || best.cost <= floor)) return best;
    }
    if (best.row >= 0 && best.cost <= s * s) return best;
  }
  return best.row >= 0 ? best : null;
}
