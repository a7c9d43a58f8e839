/**
 * A share link runs the same computation in the worker and in `sim --url`. Both
 * sides are driven here in Node as they run in production (the worker's handler with prepareRun,
 * `sim`'s parser, plan, solver settings and grid sink), and their final rows must agree to the bit.
 */
import { describe, expect, it } from 'vitest';
import { parseSimArgs } from '../../src/cli/args';
import { solverSettings, type SolverSettings } from '../../src/run/plan';
import { startMessageOf } from '../../src/worker/startMessage';
import { gridSink } from '../../src/run/sampleGrid';
import { customScenarioDef } from '../../src/scenario/custom';
import { defaultStateOf, readCustomModel, scenarioOf } from '../../src/scenario/registry';
import { decodeShareQuery, encodeShareQuery } from '../../src/scenario/url';
import { removedResidualOf } from '../../src/run/modelFacts';
import { DOUBLE_PENDULUM, FOUR_BAR } from '../support/customModels';
import { SAMPLE_WIDTH } from '../../src/solver/simulate';
import { createSimulation } from '../../src/run/simulation';
import { createRunHandler } from '../../src/worker/handler';
import { prepareRun } from '../../src/worker/prepare';
import type { StartMessage, WorkerToMain } from '../../src/worker/protocol';
import type { RunMethod } from '../../src/scenario/methods';
import { buildScenarioModel } from '../../src/scenario/build';

/** The final row and step count of the worker's run of a link (one method), and how its removed equations held. */
function workerRun(link: string, method: RunMethod): { row: number[]; steps: number; removed: unknown } {
  const { state, issues } = decodeShareQuery(link);
  if (issues.length > 0) throw new Error(issues[0].message);
  const messages: WorkerToMain[] = [];
  const tasks: (() => void)[] = [];
  const prepare = (start: StartMessage, settings: SolverSettings) => prepareRun(start, settings, customScenarioDef);
  const handle = createRunHandler({ post: (m) => messages.push(m), now: () => 0, schedule: (t) => tasks.push(t), prepare });
  handle(startMessageOf(state, 1, method));
  while (tasks.length > 0) tasks.shift()!();
  const last = messages[messages.length - 1];
  if (last.kind !== 'done') throw new Error(`worker run ended with ${last.kind}`);
  return { row: Array.from(last.finalRow), steps: last.progress.stepsDone, removed: last.removed };
}

/** The last row `sim --url link --method m` writes, and its step count. */
function cliRun(link: string, method: RunMethod, ...extra: string[]): { row: number[]; steps: number; rows: number; removed: unknown } {
  const command = parseSimArgs(['--url', link, '--method', method, ...extra]);
  if (command.kind !== 'run') throw new Error(JSON.stringify(command));
  const { plan } = command.options;
  const simulation = createSimulation(buildScenarioModel(scenarioOf(plan)!, plan.values), solverSettings(plan, plan.methods[0], 'grid'));
  let row: number[] = [];
  let rows = 0;
  const sink = gridSink(plan, 'grid', (_r, _q, gridRow) => {
    if (!gridRow) return;
    row = Array.from(gridRow);
    rows++;
  });
  while (simulation.advance(10_000, sink) === 'running');
  if (simulation.failure) throw new Error(simulation.failure.reason);
  return { row, steps: simulation.stepsDone, rows, removed: removedResidualOf(simulation.removedEquations) };
}

/** The link of a user's model text with these settings (inline: model-data). */
function modelLink(text: string, settings: string): string {
  const read = readCustomModel(text);
  if (!read?.ok) throw new Error('the test model does not read');
  const state = decodeShareQuery(`${encodeShareQuery(defaultStateOf(read.def, { text }))}&${settings}`).state;
  return `?${encodeShareQuery(state)}`;
}

const LINKS = [
  '?v=1&scenario=spin&alpha=-0.1&t=0.5',
  '?v=1&scenario=spin&alpha=-0.1&t=2&tol=1e-6',
  '?v=1&scenario=heavy-top&t=0.05',
  '?v=1&scenario=heavy-top&alpha=-0.3&h=0.001&t=0.3&tol=1e-4',
  '?v=1&scenario=v8-crank&alpha=-0.3&h=0.0001&t=0.05&tol=1e-4',
  '?v=2&scenario=spin&alpha=-0.1&t=2&tol=1e-5',
  '?v=2&scenario=heavy-top&alpha=-0.3&h=0.001&t=0.3&tol=1e-4',
];

describe('worker and `sim --url` run the same computation', () => {
  it.each(LINKS)('%s: same final row to the bit, same number of steps', (link) => {
    for (const method of ['classical', 'modified'] as const) {
      const web = workerRun(link, method);
      const cli = cliRun(link, method);
      expect(cli.row).toHaveLength(SAMPLE_WIDTH);
      expect(web.row).toEqual(cli.row);
      expect(web.steps).toBe(cli.steps);
    }
  });

  /** The benchmark library's models, whose rows carry their outputs after the fixed columns. */
  const LIBRARY_LINKS = [
    '?v=1&scenario=pendulum&t=0.05',
    '?v=1&scenario=n-four-bar&N=2&t=0.05',
    '?v=1&scenario=n-four-bar&t=0.01',
    '?v=1&scenario=andrews&t=0.001',
    '?v=1&scenario=bricard&t=0.05',
    '?v=1&scenario=flyball-governor&t=0.05',
  ];
  it.each(LIBRARY_LINKS)('%s: same final row with the model\'s outputs, web and CLI', (link) => {
    for (const method of ['classical', 'modified'] as const) {
      const web = workerRun(link, method);
      const cli = cliRun(link, method);
      expect(cli.row.length).toBeGreaterThan(SAMPLE_WIDTH);
      expect(web.row).toEqual(cli.row);
      expect(web.steps).toBe(cli.steps);
    }
  });

  /** The ρ∞ methods (and the Lie-group stepper) run from a link exactly as `sim --url … --method M`. */
  const FAMILY_LINKS: readonly [string, readonly RunMethod[]][] = [
    ['?v=1&scenario=heavy-top&methods=modified,generalized-alpha&rho=0.5&t=0.05', ['modified', 'generalized-alpha']],
    ['?v=1&scenario=spin&methods=ji-xing,lie-group&rho=0.8&t=0.5', ['ji-xing', 'lie-group']],
    ['?v=1&scenario=heavy-top&methods=classical,ji-xing,lie-group&alpha=-0.2&h=0.001&t=0.05', ['classical', 'ji-xing', 'lie-group']],
    ['?v=1&scenario=spin&methods=generalized-alpha&t=1&tol=1e-5', ['generalized-alpha']],
  ];
  it.each(FAMILY_LINKS)('%s: every listed method ends on the same row, web and CLI', (link, methods) => {
    for (const method of methods) {
      const web = workerRun(link, method);
      const cli = cliRun(link, method);
      expect(cli.row).toHaveLength(SAMPLE_WIDTH);
      expect(web.row).toEqual(cli.row);
      expect(web.steps).toBe(cli.steps);
    }
  });

  /** A user's model carried by the link: its outputs are part of the row, and its removed equations are watched alike. */
  const MODEL_LINKS: readonly [string, string, readonly RunMethod[], number, number][] = [
    ['double pendulum', modelLink(DOUBLE_PENDULUM, 't=0.2'), ['classical', 'modified'], SAMPLE_WIDTH + 4, 0],
    ['double pendulum, adaptive', modelLink(DOUBLE_PENDULUM, 't=0.2&tol=1e-5'), ['modified', 'generalized-alpha'], SAMPLE_WIDTH + 4, 0],
    ['four-bar with removed equations', modelLink(FOUR_BAR, 'methods=modified,lie-group,ji-xing&t=0.1'), ['modified', 'lie-group', 'ji-xing'], SAMPLE_WIDTH + 2, 3],
  ];
  it.each(MODEL_LINKS)('a user model (%s): same final row with its outputs, same steps, same removed-equation residual', (_name, link, methods, width, removed) => {
    for (const method of methods) {
      const web = workerRun(link, method);
      const cli = cliRun(link, method);
      expect(cli.row).toHaveLength(width);
      expect(web.row).toEqual(cli.row);
      expect(web.steps).toBe(cli.steps);
      expect(web.removed).toEqual(cli.removed);
      expect((cli.removed as { count: number }).count).toBe(removed);
    }
  });

  it('ρ∞ reaches the solver: two ρ∞ give two runs, and the link\'s ρ∞ is the one run', () => {
    const base = '?v=1&scenario=spin&methods=generalized-alpha&t=0.5';
    const a = cliRun(`${base}&rho=0.2`, 'generalized-alpha');
    const b = cliRun(`${base}&rho=0.9`, 'generalized-alpha');
    const flag = cliRun(base, 'generalized-alpha', '--rho-inf', '0.9');
    expect(a.row[1]).not.toBe(b.row[1]);
    expect(flag.row).toEqual(b.row);
  });

  it('an adaptive v1 link runs with the position norm: the same bits as v2 with norm=position, the rows recorded before the velocity norm existed', () => {
    // The spin's final row of `sim --url LINK --format json` before the error norm was selectable (position norm
    // only). The sparse LU's pivot order changed the last bits since (its Newton solves round differently): the rows are held
    // to 1e-13 of the row's largest entry (the energy error is a difference of energies of that size), the step
    // counts exactly, and the v1 link to the bit against the explicit position norm.
    const recorded = (row: number[], expected: number[]) => {
      const scale = Math.max(1, ...expected.map(Math.abs));
      row.forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThanOrEqual(1e-13 * scale));
    };
    const spin = cliRun('?v=1&scenario=spin&alpha=-0.1&t=2&tol=1e-6', 'modified');
    recorded(spin.row, [2, 19.9997718837935, 0, 0, 199.9954377018885, -0.003437762510458242, 2.220446049250313e-16, 2, 0.002549826035117874]);
    expect(spin.steps).toBe(693);
    expect(cliRun('?v=2&scenario=spin&alpha=-0.1&t=2&tol=1e-6&norm=position', 'modified')).toEqual(spin);
    expect(cliRun('?v=2&scenario=spin&alpha=-0.1&t=2&tol=1e-6', 'modified').steps).not.toBe(spin.steps);
    const top = cliRun('?v=1&scenario=heavy-top&alpha=-0.3&h=0.001&t=0.3&tol=1e-4', 'modified');
    // Its recorded row is not comparable any more: the predictor's order choice changed its Newton iterates within the
    // Newton tolerance (7e-7 in the energy). The equality with the explicit position norm is the contract.
    expect(top.steps).toBe(300);
    expect(cliRun('?v=2&scenario=heavy-top&alpha=-0.3&h=0.001&t=0.3&tol=1e-4&norm=position', 'modified')).toEqual(top);
  });

  it('a fixed-step run computes the same whatever the sample grid: only the rows written differ', () => {
    const link = '?v=1&scenario=heavy-top&t=0.05';
    const every = cliRun(link, 'modified');
    const coarse = cliRun(link, 'modified', '--sample-dt', '0.001');
    expect(coarse.row).toEqual(every.row);
    expect(coarse.steps).toBe(every.steps);
    expect([every.rows, coarse.rows]).toEqual([501, 51]);
  });
});
