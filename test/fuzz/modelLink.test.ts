/**
 * Seeded fuzzing of the model keys of share links (`model-data=`, `model=`; STYLE habit 6), in the style of
 * shareLink.test.ts: mutated models carried inline, broken and hostile compressed data, decompression bombs,
 * hostile URLs. Invariants: never throws; bounded time; the decoded state passes validateState and re-shares to
 * itself; a link whose model does not read opens a shipped scenario with an issue naming the model key; messages
 * are one bounded line; nothing reaches Object.prototype. A failing case prints its seed.
 */
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'fflate';
import '../../src/scenario/custom';
import { scenarioOf } from '../../src/scenario/registry';
import { validateState } from '../../src/scenario/state';
import { base64url, encodeModelData } from '../../src/scenario/modelData';
import { MODEL_LINK_KEYS } from '../../src/scenario/modelLink';
import { decodeShareQuery, encodeShareQuery, linkModelSource, type DecodedShareQuery } from '../../src/scenario/url';
import { mulberry32, pick } from '../support/prng';
import { DOUBLE_PENDULUM, FOUR_BAR } from '../support/customModels';
import { hostileText, randomUnicode, type Rand } from './generators';
import { FuzzTally, guarded, pollutionFound, prototypeSnapshot } from './tally';

const PLAN = { mutated: 500, data: 300, bombs: 40, urls: 200 };
const MAX_MESSAGE_LENGTH = 300;
/** Decoding with a model reads and assembles it: bounded, but more than a plain link (generous for a loaded machine). */
const MAX_DECODE_MS = 2000;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const MODEL_KEYS: readonly string[] = [MODEL_LINK_KEYS.data, MODEL_LINK_KEYS.url, 'scenario'];

function invariant(decoded: DecodedShareQuery): string | null {
  const stateIssues = validateState(decoded.state);
  if (stateIssues.length > 0) return `decoded state fails validateState: ${stateIssues[0].message}`;
  if (decoded.state.model && decoded.state.scenario !== 'custom') return 'a model without scenario=custom';
  if (!scenarioOf(decoded.state)) return 'no scenario for the decoded state';
  for (const found of decoded.issues) {
    if (found.message.length > MAX_MESSAGE_LENGTH) return `message of ${found.message.length} characters`;
    if (CONTROL_CHARACTERS.test(found.message)) return `control character in message ${JSON.stringify(found.message.slice(0, 80))}`;
  }
  const again = decodeShareQuery(encodeShareQuery(decoded.state, decoded.view));
  if (again.issues.length > 0) return `re-shared link has an issue: ${again.issues[0].message}`;
  try {
    expect(again.state).toEqual(decoded.state);
  } catch {
    return 're-shared link gives another state';
  }
  return pollutionFound();
}

function check(tally: FuzzTally, seed: number, group: string, query: string, outcome: (d: DecodedShareQuery) => string): void {
  const start = performance.now();
  const decoded = decodeShareQuery(query);
  const ms = performance.now() - start;
  const broken = invariant(decoded);
  if (broken) return tally.problem(seed, group, broken);
  if (ms > MAX_DECODE_MS) return tally.problem(seed, group, `decoding took ${ms.toFixed(0)} ms`);
  // (A raw '?' inside a value makes the rest the query, as for any bare query: then the link carries no model.)
  if (linkModelSource(query).kind !== 'none' && !decoded.state.model && !decoded.issues.some((i) => MODEL_KEYS.includes(i.key))) {
    return tally.problem(seed, group, 'the model was dropped without an issue naming its key');
  }
  tally.count(outcome(decoded));
}

// ---------------------------------------------------------------------------------------------
// Mutations of a valid model's JSON: values, keys and structure, then carried inline.

const HOSTILE_VALUES: readonly unknown[] = [
  null, true, false, 0, -1, 1e308, -1e308, 1e-320, 'NaN', 'Infinity', '1e999', '', 'x'.repeat(3000), [], {}, [[[[[]]]]],
  { __proto__: { polluted: 1 } }, '__proto__', 'constructor', 'ground', 'upper', 'lower', 'upper.tip', '1/0', 'sqrt(-1)', 'L / 0',
  [0, 0, 0], [1, 2], [1, 2, 3, 4], ['L', 'L', 'L'], 'cross(L, L)', 1e6, -0,
];

function mutateJson(rand: Rand, value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return rand() < 0.3 ? pick(rand, HOSTILE_VALUES) : value;
  if (Array.isArray(value)) {
    const copy = value.map((v) => (rand() < 0.15 ? mutateJson(rand, v, depth + 1) : v));
    if (rand() < 0.1) copy.splice(Math.floor(rand() * (copy.length + 1)), 0, pick(rand, HOSTILE_VALUES));
    if (rand() < 0.1 && copy.length > 0) copy.splice(Math.floor(rand() * copy.length), 1);
    return copy;
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (rand() < 0.05) continue;
    const name = rand() < 0.04 ? pick(rand, ['__proto__', 'constructor', 'prototype', `${key}x`, key.toUpperCase(), '']) : key;
    Object.defineProperty(out, name, { value: rand() < 0.2 ? mutateJson(rand, v, depth + 1) : v, enumerable: true, writable: true, configurable: true });
  }
  if (rand() < 0.05) out[pick(rand, ['extra', 'Bodies', 'joint', '__proto__'])] = pick(rand, HOSTILE_VALUES);
  return out;
}

function mutatedModelText(rand: Rand): string {
  const base = JSON.parse(pick(rand, [DOUBLE_PENDULUM, FOUR_BAR])) as unknown;
  const text = JSON.stringify(mutateJson(rand, base), null, rand() < 0.5 ? 2 : 0);
  const r = rand();
  if (r < 0.05) return text.slice(0, Math.floor(rand() * text.length));
  if (r < 0.08) return '['.repeat(5000) + ']'.repeat(5000);
  if (r < 0.1) return randomUnicode(rand, 400);
  return text;
}

function mutatedCase(tally: FuzzTally, seed: number): void {
  const rand = mulberry32(seed);
  const extra = rand() < 0.3 ? `&alpha=${pick(rand, ['-0.2', '1', 'x'])}&L=${pick(rand, ['2', '0', '-1', 'NaN'])}` : '';
  const query = `v=1&scenario=custom${extra}&model-data=${encodeModelData(mutatedModelText(rand))}`;
  check(tally, seed, 'mutated-model', query, (d) => (d.state.model ? 'mutated-model-runs' : 'mutated-model-refused'));
}

// ---------------------------------------------------------------------------------------------
// Compressed data: random bytes, truncated and bit-flipped streams, non-UTF-8 text, bombs.

function dataCase(tally: FuzzTally, seed: number): void {
  const rand = mulberry32(seed);
  const good = encodeModelData(DOUBLE_PENDULUM);
  const r = rand();
  let data: string;
  if (r < 0.25) data = base64url(Uint8Array.from({ length: Math.floor(rand() * 2000) }, () => Math.floor(rand() * 256)));
  else if (r < 0.45) data = good.slice(0, Math.floor(rand() * good.length));
  else if (r < 0.65) {
    const at = Math.floor(rand() * good.length);
    data = good.slice(0, at) + pick(rand, ['A', '_', '-', 'z']) + good.slice(at + 1);
  } else if (r < 0.75) data = base64url(deflateSync(Uint8Array.from({ length: 500 }, () => 128 + Math.floor(rand() * 128))));
  else if (r < 0.9) data = hostileText(rand);
  else data = encodeLoosely(randomUnicode(rand, 100));
  check(tally, seed, 'data', `v=1&scenario=custom&model-data=${data}`, (d) => (d.state.model ? 'data-reads' : 'data-refused'));
}

function bombCase(tally: FuzzTally, seed: number): void {
  const rand = mulberry32(seed);
  const size = 300_000 + Math.floor(rand() * 8_000_000);
  const fill = pick(rand, [32, 0, 123, 91]);
  const data = base64url(deflateSync(new Uint8Array(size).fill(fill), { level: 9 }));
  check(tally, seed, 'bomb', `v=1&scenario=custom&model-data=${data}`, (d) => (d.state.model ? 'bomb-READ' : 'bomb-refused'));
}

// ---------------------------------------------------------------------------------------------
// Hosted model URLs (not fetched here: a link that may not be fetched is refused before any fetch).

/** Percent-encodes what can be encoded (lone surrogates cannot: left as they are). */
function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}

function urlCase(tally: FuzzTally, seed: number): void {
  const rand = mulberry32(seed);
  const url = pick(rand, [
    () => hostileText(rand), () => `javascript:${hostileText(rand)}`, () => `http://example.org/${hostileText(rand)}`,
    () => `data:application/json,${encodeURIComponent(DOUBLE_PENDULUM)}`, () => `file:///${hostileText(rand)}`,
    () => `https://${'x'.repeat(Math.floor(rand() * 3000))}.org/m.json`, () => `https://example.org/${encodeLoosely(randomUnicode(rand, 40))}`,
  ])();
  const raw = rand() < 0.3;
  check(tally, seed, 'url', `v=1&scenario=custom&model=${raw ? url : encodeLoosely(url)}`, () => 'url-refused-or-unfetched');
}

describe('model link fuzzing', () => {
  it('mutated models, broken data, bombs and hostile URLs keep every invariant', () => {
    const tally = new FuzzTally('model links');
    const prototypes = prototypeSnapshot();
    for (let seed = 1; seed <= PLAN.mutated; seed++) guarded(tally, seed, 'mutated-model', () => mutatedCase(tally, seed));
    for (let seed = 1; seed <= PLAN.data; seed++) guarded(tally, seed, 'data', () => dataCase(tally, seed));
    for (let seed = 1; seed <= PLAN.bombs; seed++) guarded(tally, seed, 'bomb', () => bombCase(tally, seed));
    for (let seed = 1; seed <= PLAN.urls; seed++) guarded(tally, seed, 'url', () => urlCase(tally, seed));
    expect(prototypeSnapshot()).toBe(prototypes);
    expect(pollutionFound()).toBeNull();
    tally.print();
    expect(tally.problems).toEqual([]);
    expect(tally.total).toBe(PLAN.mutated + PLAN.data + PLAN.bombs + PLAN.urls);
  }, 300_000);
});
