/**
 * Outcome bookkeeping of a fuzz suite: every case is counted under one outcome class, problems are
 * collected with their seed (so the test can report all of them, not just the first) and a one-line
 * summary is printed for the tallies of docs/testing.md.
 */
export class FuzzTally {
  private readonly counts = new Map<string, number>();
  /** "seed 17 (hostile): message" lines; empty when every case behaved. */
  readonly problems: string[] = [];

  constructor(readonly suite: string) {}

  count(outcome: string): void {
    this.counts.set(outcome, (this.counts.get(outcome) ?? 0) + 1);
  }

  /** Records a broken invariant; the case is counted under 'FAILED' instead of its class. */
  problem(seed: number, group: string, message: string): void {
    this.problems.push(`seed ${seed} (${group}): ${message}`);
    this.count('FAILED');
  }

  get total(): number {
    let sum = 0;
    for (const n of this.counts.values()) sum += n;
    return sum;
  }

  /** "fuzz share-link: 1800 cases: valid-accepted 600, invalid-rejected 300, …" */
  summary(): string {
    const parts = [...this.counts].sort(([a], [b]) => a.localeCompare(b)).map(([name, n]) => `${name} ${n}`);
    return `fuzz ${this.suite}: ${this.total} cases: ${parts.join(', ')}`;
  }

  print(): void {
    console.log(this.summary());
  }
}

/** Runs one case, turning an exception into a counted problem instead of aborting the suite. */
export function guarded(tally: FuzzTally, seed: number, group: string, run: () => void): void {
  try {
    run();
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    tally.problem(seed, group, `threw ${message.split('\n')[0].slice(0, 200)}`);
  }
}

/** Own property names of the built-in prototypes, to prove no input adds or changes any. */
export function prototypeSnapshot(): string {
  const names = (o: object) => Object.getOwnPropertyNames(o).sort().join(',');
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype].map(names).join('|');
}

/** The usual pollution probes: after hostile input, plain objects must not have gained anything. */
export function pollutionFound(): string | null {
  const probe: Record<string, unknown> = {};
  for (const key of ['polluted', 'isAdmin', 'x', 'toString_']) {
    if (probe[key] !== undefined) return `({}).${key} is ${String(probe[key])}`;
  }
  if (typeof probe.toString !== 'function' || typeof probe.hasOwnProperty !== 'function') return 'Object.prototype methods replaced';
  return null;
}

/** How many cases of each class a fuzz suite runs (the first three per scenario). */
export interface FuzzPlan {
  readonly valid: number;
  readonly borderline: number;
  readonly invalid: number;
  readonly hostile: number;
}

/** The case generators of a suite: per-scenario classes take (seed, scenario), hostile takes a seed. */
export interface FuzzCases<Id> {
  readonly valid: (seed: number, id: Id) => void;
  readonly borderline: (seed: number, id: Id) => void;
  readonly invalid: (seed: number, id: Id) => void;
  readonly hostile: (seed: number) => void;
}

/**
 * Runs every class of a suite, each case guarded; scenario s uses seeds 1 + s·100,000 + k, hostile
 * cases seeds 1 … hostile. Returns the number of cases run.
 */
export function runFuzzPlan<Id>(tally: FuzzTally, ids: readonly Id[], plan: FuzzPlan, cases: FuzzCases<Id>): number {
  ids.forEach((id, s) => {
    const offset = 1 + s * 100_000;
    for (const group of ['valid', 'borderline', 'invalid'] as const) {
      for (let k = 0; k < plan[group]; k++) guarded(tally, offset + k, group, () => cases[group](offset + k, id));
    }
  });
  for (let seed = 1; seed <= plan.hostile; seed++) guarded(tally, seed, 'hostile', () => cases.hostile(seed));
  return ids.length * (plan.valid + plan.borderline + plan.invalid) + plan.hostile;
}
