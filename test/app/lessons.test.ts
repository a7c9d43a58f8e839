import { describe, expect, it } from 'vitest';
import { failedReadout, omegaReadout, outputReadout } from '../../src/app/components/scene/readout';
import { failureReason, TRY_ALPHA } from '../../src/app/failure';
import { lessonFromLink, LESSONS, NUMERICAL_DAMPING } from '../../src/app/lessons/lessons';
import { firstVisitOffer, linkOpensSomething } from '../../src/app/lessons/helpStore';
import { SAMPLE_COLUMNS, SAMPLE_WIDTH, Simulation } from '../../src/solver/simulate';
import { paperModel } from '../support/paperModel';
import { decodeShareQuery, encodeShareQuery } from '../../src/scenario/url';
import { parseSimArgs } from '../../src/cli/args';

describe('lesson numerical-damping (SPEC §7)', () => {
  it('has at least five steps, each a clean share link with narration and something to point at', () => {
    expect(NUMERICAL_DAMPING.steps.length).toBeGreaterThanOrEqual(5);
    for (const step of NUMERICAL_DAMPING.steps) {
      const decoded = decodeShareQuery(step.query);
      expect(decoded.issues, step.query).toEqual([]);
      expect(step.highlight.testId).toMatch(/^[a-z-]+$/);
    }
    expect(NUMERICAL_DAMPING.steps.map((s) => decodeShareQuery(s.query).state.scenario)).toEqual(['spin', 'heavy-top', 'spin', 'spin', 'v8-crank', 'heavy-top', 'flyball-governor']);
    // Step 6: the family on the heavy top, two HHT and two ρ∞ methods; step 7: the same four on the flyball governor.
    expect(decodeShareQuery(NUMERICAL_DAMPING.steps[5].query).state.methods).toEqual(['classical', 'modified', 'generalized-alpha', 'lie-group']);
    expect(decodeShareQuery(NUMERICAL_DAMPING.steps[6].query).state.methods).toEqual(['classical', 'modified', 'generalized-alpha', 'lie-group']);
    expect(decodeShareQuery(NUMERICAL_DAMPING.steps[6].query).view.output).toBe('omega_shaft');
    expect(decodeShareQuery(NUMERICAL_DAMPING.steps[0].query).state.alpha).toBe(0);
  });

  it('each step says what to look at in at most three short sentences, read aloud; the details are behind "more"', () => {
    for (const [k, step] of NUMERICAL_DAMPING.steps.entries()) {
      const where = `step ${k + 1}`;
      expect(step.say.length, where).toBeGreaterThanOrEqual(1);
      expect(step.say.length, where).toBeLessThanOrEqual(3);
      const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
      for (const sentence of step.say) {
        expect(words(sentence), `${where}: ${sentence}`).toBeLessThanOrEqual(26);
        // One sentence each: it ends once, with a full stop.
        expect(sentence, where).toMatch(/^[^.!?]*(\.\d[^.!?]*)*[.!?]$/);
      }
      expect(step.say.reduce((n, s) => n + words(s), 0), where).toBeLessThanOrEqual(50);
      // Read aloud by a student: no equation numbers, no velocity-level constraint notation.
      expect(step.say.join(' '), where).not.toMatch(/Eq\.|eᵀė|Sherif|\(Fig/);
      expect(step.more.length, where).toBeGreaterThan(80);
    }
    // Step 3 asks for a button: it is the step's own, in the lesson bar, and the step points at it.
    const sweep = NUMERICAL_DAMPING.steps[2];
    expect(sweep.action).toEqual({ label: 'Run the α sweep', run: 'study' });
    expect(sweep.say[0]).toContain(`“${sweep.action!.label}”`);
    expect(sweep.highlight.testId).toBe('lesson-action');
  });

  it('step 1 runs the spin past classical HHT\'s failure at 1.28 s and points at its explanation', () => {
    const step = NUMERICAL_DAMPING.steps[0];
    const { state } = decodeShareQuery(step.query);
    expect(state.tEnd).toBeGreaterThan(1.28);
    expect(step.highlight.testId).toBe('failure-classical');
    expect(step.say.join(' ')).toContain('1.28 s');
    expect(step.more).toContain('eᵀė');
    // The run the step opens: classical fails at 1.28 s for the eᵀė reason the failure box explains; modified finishes.
    const classical = new Simulation(paperModel('spin'), { method: 'classical', alpha: state.alpha, h: state.h, tEnd: state.tEnd, sampleEvery: 1 });
    while (classical.advance(10_000, () => {}) === 'running');
    expect(classical.failure).toMatchObject({ time: 1.28, cause: 'euler-velocity' });
    expect(failureReason(state, false, 'classical', classical.failure!.cause)).toContain('exp(|ω|t/2)');
  });

  it('lesson keys are view-only: the link decodes to the same state, and they come back in `view`', () => {
    for (const [k, step] of NUMERICAL_DAMPING.steps.entries()) {
      const plain = decodeShareQuery(step.query);
      const withLesson = decodeShareQuery(`${step.query}&lesson=numerical-damping&step=${k + 1}`);
      expect(withLesson.issues).toEqual([]);
      expect(encodeShareQuery(withLesson.state)).toBe(encodeShareQuery(plain.state));
      expect(withLesson.view).toMatchObject({ lesson: 'numerical-damping', step: String(k + 1) });
    }
  });

  it('the CLI accepts and ignores the lesson keys of a link', () => {
    const parsed = parseSimArgs(['--url', `?${NUMERICAL_DAMPING.steps[1].query}&lesson=numerical-damping&step=2`]);
    expect(parsed.kind).toBe('run');
  });

  it('reads the lesson position of a link, naming what is wrong', () => {
    expect(lessonFromLink(undefined, undefined)).toEqual({ kind: 'none' });
    expect(lessonFromLink('numerical-damping', undefined)).toMatchObject({ kind: 'ok', step: 1 });
    expect(lessonFromLink('numerical-damping', '5')).toMatchObject({ kind: 'ok', step: 5, lesson: LESSONS['numerical-damping'] });
    expect(lessonFromLink('numerical-dampnig', '1')).toEqual({
      kind: 'bad',
      message: "lesson 'numerical-dampnig' does not exist (lessons: numerical-damping); the default scenario was opened",
    });
    // The lesson has seven steps (6: the method family, 7: the flyball governor; it documents the lesson's length).
    for (const step of ['0', '8', '2.5', 'two', '-1']) {
      expect(lessonFromLink('numerical-damping', step)).toEqual({
        kind: 'bad',
        message: `step '${step}' of lesson 'numerical-damping' does not exist (steps 1 to 7); the default scenario was opened`,
      });
    }
    expect(lessonFromLink(undefined, '2')).toMatchObject({ kind: 'bad' });
    expect(lessonFromLink('constructor', '1')).toMatchObject({ kind: 'bad' });
  });
});

describe('3D view readout', () => {
  it('writes the ω component of the last sample at or before t', () => {
    const rows = new Float64Array(2 * SAMPLE_WIDTH);
    const y = SAMPLE_COLUMNS.indexOf('omega_y');
    rows[0] = 0;
    rows[y] = 150;
    rows[SAMPLE_WIDTH] = 0.1;
    rows[SAMPLE_WIDTH + y] = 149.996;
    expect(omegaReadout(rows, 'y', 0.05)).toBe('ωy = 150.00 rad/s');
    expect(omegaReadout(rows, 'y', 0.2)).toBe('ωy = 150.00 rad/s');
    rows[SAMPLE_WIDTH + y] = 149.5;
    expect(omegaReadout(rows, 'y', 0.1)).toBe('ωy = 149.50 rad/s');
    expect(omegaReadout(undefined, 'x', 0)).toBe('ωx = –');
  });

  it('writes the plotted model output instead, from the full rows (the outputs after the standard columns)', () => {
    const width = SAMPLE_WIDTH + 2;
    const rows = new Float64Array(3 * width);
    [0, 0.05, 0.1].forEach((t, i) => { rows[i * width] = t; rows[i * width + SAMPLE_WIDTH + 1] = [1, 0.84147098, -0.000123456][i]; });
    const x = { name: 'x_B0', unit: 'm', index: 1 };
    expect(outputReadout(rows, width, x, 0.07)).toBe('x_B0 = 0.8415 m');
    expect(outputReadout(rows, width, x, 0.07, true)).toBe('0.8415');
    expect(outputReadout(rows, width, x, 1)).toBe('x_B0 = -0.0001235 m');
    expect(outputReadout(rows, width, { ...x, unit: '' }, 0)).toBe('x_B0 = 1.000');
    expect(outputReadout(undefined, width, x, 0)).toBe('x_B0 = –');
    // An output the rows do not have (a stale index) is no number.
    expect(outputReadout(rows, width, { ...x, index: 2 }, 0, true)).toBe('–');
  });
});

describe('failure box', () => {
  it('explains the index-3 instability for jointed models near α = 0 only', () => {
    expect(failureReason({ alpha: 0 }, true)).toMatch(/index-3/);
    expect(failureReason({ alpha: -0.05 }, true)).toMatch(/index-3/);
    expect(failureReason({ alpha: -0.2 }, true)).toBeNull();
    expect(failureReason({ alpha: 0 }, false)).toBeNull();
    expect(TRY_ALPHA).toBe(-0.05);
  });
});

describe('first visit: the explanation never opens over a page being read', () => {
  it('opens the dialog only on the plain page of a wide screen nobody has started reading', () => {
    expect(firstVisitOffer({ linked: false, reading: false, phone: false })).toBe('dialog');
    expect(firstVisitOffer({ linked: true, reading: false, phone: false })).toBe('invite');
    expect(firstVisitOffer({ linked: false, reading: true, phone: false })).toBe('invite');
    expect(firstVisitOffer({ linked: false, reading: false, phone: true })).toBe('invite');
  });

  it('tells a link to something from the plain page', () => {
    expect(linkOpensSomething('')).toBe(false);
    expect(linkOpensSomething('?')).toBe(false);
    expect(linkOpensSomething('?v=1&scenario=spin&panel=studies')).toBe(true);
    expect(linkOpensSomething('?panel=damping')).toBe(true);
  });
});

describe('3D view readout of a failed run', () => {
  it('says when the run failed once the playhead is past it, and nothing before', () => {
    expect(failedReadout(1.28, 2)).toBe('failed at t = 1.28 s');
    expect(failedReadout(1.28, 1.28)).toBeNull();
    expect(failedReadout(1.28, 0.5)).toBeNull();
    expect(failedReadout(null, 5)).toBeNull();
    expect(failedReadout(0.0123456789, 1)).toBe('failed at t = 0.0123457 s');
  });
});
