/**
 * A solver worker that stops answering ends its run. While a method's run is pending or running its worker owes the
 * page messages: a computing worker sends a chunk about every 0.1 s (CHUNK_MS, src/worker/handler.ts), and reading
 * and assembling the largest model a file may describe (300 bodies, 2,000 equations) takes seconds. One silent for
 * WORKER_SILENCE_MS has hung — a browser that froze it, a defect that loops — and waiting on would leave the run
 * "starting…" for ever. The runner then ends that run with the reason, keeps what it computed and replaces the worker.
 * The silence counts from the later of the start message and the worker's 'ready' (its code loaded), so a slow
 * download is not mistaken for it.
 */

/** How long a worker that owes an answer may stay silent, ms. */
export const WORKER_SILENCE_MS = 30_000;

/** The reason a silent worker's run ends with. Example: silenceReason(30_000) → 'the solver stopped answering after 30 s'. */
export function silenceReason(limitMs: number): string {
  return `the solver stopped answering after ${Number((limitMs / 1000).toPrecision(3))} s`;
}

/** When each method's worker was last heard from (or sent a start), against a limit. */
export class WorkerWatch {
  private readonly since = new Map<string, number>();

  constructor(public limitMs: number = WORKER_SILENCE_MS) {}

  /** A message came from `method`'s worker, or a start was sent to it: its silence counts from `now` (ms). */
  heard(method: string, now: number): void {
    this.since.set(method, now);
  }

  /** `method`'s worker was replaced: nothing is owed by the new one until it is sent a start. */
  forget(method: string): void {
    this.since.delete(method);
  }

  /**
   * The methods whose worker owes an answer (`owes`: its run is in flight and its code has loaded) and has been
   * silent for longer than the limit at `now`.
   */
  silent(now: number, owes: (method: string) => boolean): string[] {
    const found: string[] = [];
    for (const [method, since] of this.since) if (now - since > this.limitMs && owes(method)) found.push(method);
    return found;
  }
}
