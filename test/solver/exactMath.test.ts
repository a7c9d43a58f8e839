/**
 * src/solver/exactMath.ts: within 2 units in the last place of the host's Math over many random arguments per range
 * (on Node 20 it equals Math bit for bit below 2¹⁹·π/2 for sin, cos and tan, and everywhere for asin, acos, atan,
 * atan2, exp, log, log10 and hypot: the same fdlibm code), Math's special values (±0, ±∞, NaN, ECMAScript's pow
 * rules), and an argument reduction that is exact for the largest arguments: its constants (1584 bits of 2/π,
 * 256 bits of π) are checked here against π computed from Machin's formula. That every engine gives the same bits
 * is e2e/exactMath.spec.ts's (Chromium against Node).
 */
import { describe, expect, it } from 'vitest';
import * as exact from '../../src/solver/exactMath';
import { mulberry32 } from '../support/prng';

/** Distance in units in the last place (0 for equal values, both NaN, or ±0 against ±0 of the same sign). */
function ulps(a: number, b: number): number {
  if (Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b))) return 0;
  if (!Number.isFinite(a) || !Number.isFinite(b) || Math.sign(a) !== Math.sign(b)) return Infinity;
  const bits = new BigInt64Array(new Float64Array([Math.abs(a), Math.abs(b)]).buffer);
  const d = bits[0] - bits[1];
  return Number(d < 0n ? -d : d);
}

/** x·2ᵏ exactly, for arguments spread over many binades without Math.pow. */
function scaled(x: number, k: number): number {
  let s = x;
  for (; k > 0; k--) s *= 2;
  for (; k < 0; k++) s /= 2;
  return s;
}

const COUNT = 20_000;

/** The largest ulp distance from Math over COUNT arguments drawn by `draw`, and where. */
function worst(f: (...x: number[]) => number, g: (...x: number[]) => number, draw: (rand: () => number) => number[], seed: number): { ulps: number; at: number[] } {
  const rand = mulberry32(seed);
  let most = { ulps: 0, at: [] as number[] };
  for (let k = 0; k < COUNT; k++) {
    const args = draw(rand);
    const d = ulps(f(...args), g(...args));
    if (d > most.ulps) most = { ulps: d, at: args };
  }
  return most;
}

const signed = (rand: () => number) => (rand() < 0.5 ? -1 : 1);
const inRange = (lo: number, hi: number) => (rand: () => number) => [signed(rand) * (lo + (hi - lo) * rand())];
/** |x| spread over the binades 2^lo … 2^hi. */
const overBinades = (lo: number, hi: number) => (rand: () => number) => [signed(rand) * scaled(1 + rand(), lo + Math.floor(rand() * (hi - lo)))];

type Case = readonly [string, (...x: number[]) => number, (...x: number[]) => number, (rand: () => number) => number[]];

const CASES: readonly Case[] = [
  ['sin on [−π/4, π/4]', exact.sin, Math.sin, inRange(0, Math.PI / 4)],
  ['sin on [−100, 100]', exact.sin, Math.sin, inRange(0, 100)],
  ['sin near multiples of π/2', exact.sin, Math.sin, (r) => [(Math.PI / 2) * Math.floor(r() * 2000) * (1 + (r() - 0.5) * 1e-12)]],
  ['sin on 2⁻⁴⁰ … 2²⁰', exact.sin, Math.sin, overBinades(-40, 20)],
  ['sin on 2²⁰ … 2¹⁰²³ (Payne–Hanek)', exact.sin, Math.sin, overBinades(20, 1023)],
  ['cos on [−100, 100]', exact.cos, Math.cos, inRange(0, 100)],
  ['cos on 2⁻⁴⁰ … 2²⁰', exact.cos, Math.cos, overBinades(-40, 20)],
  ['cos on 2²⁰ … 2¹⁰²³ (Payne–Hanek)', exact.cos, Math.cos, overBinades(20, 1023)],
  ['tan on [−100, 100]', exact.tan, Math.tan, inRange(0, 100)],
  ['tan on 2⁻⁴⁰ … 2¹⁰²³', exact.tan, Math.tan, overBinades(-40, 1023)],
  ['asin on [−1, 1]', exact.asin, Math.asin, inRange(0, 1)],
  ['asin near ±1', exact.asin, Math.asin, (r) => [signed(r) * (1 - scaled(r(), -Math.floor(r() * 50)))]],
  ['acos on [−1, 1]', exact.acos, Math.acos, inRange(0, 1)],
  ['acos near ±1 and 0', exact.acos, Math.acos, (r) => [r() < 0.5 ? signed(r) * (1 - scaled(r(), -Math.floor(r() * 50))) : signed(r) * scaled(r(), -Math.floor(r() * 60))]],
  ['atan on 2⁻⁴⁰ … 2⁸⁰', exact.atan, Math.atan, overBinades(-40, 80)],
  ['atan2 in every quadrant and scale', exact.atan2, Math.atan2, (r) => [signed(r) * scaled(1 + r(), Math.floor(r() * 140) - 70), signed(r) * scaled(1 + r(), Math.floor(r() * 140) - 70)]],
  ['exp on [−745, 710]', exact.exp, Math.exp, (r) => [-745 + 1455 * r()]],
  ['exp on [−1, 1]', exact.exp, Math.exp, inRange(0, 1)],
  ['exp on 2⁻⁶⁰ … 2⁻¹', exact.exp, Math.exp, overBinades(-60, -1)],
  ['log on 2⁻¹⁰⁷⁴ … 2¹⁰²³', exact.log, Math.log, (r) => [scaled(1 + r(), Math.floor(r() * 2097) - 1074)]],
  ['log near 1', exact.log, Math.log, (r) => [1 + signed(r) * scaled(r(), -Math.floor(r() * 52))]],
  ['log10 on 2⁻¹⁰⁷⁴ … 2¹⁰²³', exact.log10, Math.log10, (r) => [scaled(1 + r(), Math.floor(r() * 2097) - 1074)]],
  ['pow, x in (0, 10), y in (−20, 20)', exact.pow, Math.pow, (r) => [10 * r(), 40 * r() - 20]],
  ['pow, x over every binade, y in (−1, 1)', exact.pow, Math.pow, (r) => [scaled(1 + r(), Math.floor(r() * 2046) - 1023), 2 * r() - 1]],
  ['pow near overflow and underflow', exact.pow, Math.pow, (r) => [1 + r(), signed(r) * (1000 + 80 * r())]],
  ['pow, x near 1, y huge', exact.pow, Math.pow, (r) => [1 + signed(r) * scaled(r(), -30), signed(r) * scaled(1 + r(), 32 + Math.floor(r() * 20))]],
  ['pow, x < 0, y a whole number', exact.pow, Math.pow, (r) => [-10 * r(), Math.floor(60 * r()) - 30]],
  ['hypot of 2, 3, 4 numbers', exact.hypot, Math.hypot, (r) => Array.from({ length: 2 + Math.floor(3 * r()) }, () => signed(r) * scaled(1 + r(), Math.floor(r() * 200) - 100))],
];

describe('exactMath against Math', () => {
  it.each(CASES.map((c, k) => [c[0], k] as const))('%s: within 2 ulp', (name, k) => {
    const [, f, g, draw] = CASES[k];
    const found = worst(f, g, draw, 1000 + k);
    expect(found.ulps, `${name}: ${found.ulps} ulp at ${found.at.join(', ')}`).toBeLessThanOrEqual(2);
  });
});

describe('exactMath special values', () => {
  const SPECIAL = [0, -0, 1, -1, 0.5, -0.5, 2, -2, 3, -3, Math.PI, Infinity, -Infinity, NaN, 5e-324, -5e-324, 1.7976931348623157e308, -1.7976931348623157e308, 2.2250738585072014e-308];
  const UNARY = ['sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'exp', 'log', 'log10'] as const;

  it.each(UNARY)('%s keeps Math\'s ±0, ±∞ and NaN and stays within 2 ulp elsewhere', (name) => {
    for (const x of SPECIAL) {
      const want = Math[name](x);
      const got = exact[name](x);
      if (want === 0 || !Number.isFinite(want)) expect(Object.is(got, want), `${name}(${x}) = ${got}, Math: ${want}`).toBe(true);
      else expect(ulps(got, want), `${name}(${x}) = ${got}, Math: ${want}`).toBeLessThanOrEqual(2);
    }
  });

  it('atan2 and pow agree with Math on every pair of special values (exact where Math is ±0, ±∞, NaN or whole)', () => {
    for (const a of [...SPECIAL, 10, -10, 0.25, 1e-300, 1e300]) {
      for (const b of [...SPECIAL, 10, -10, 0.25, 1e-300, 1e300]) {
        for (const [name, got, want] of [['atan2', exact.atan2(a, b), Math.atan2(a, b)], ['pow', exact.pow(a, b), Math.pow(a, b)]] as const) {
          if (want === 0 || !Number.isFinite(want) || Number.isInteger(want)) expect(Object.is(got, want), `${name}(${a}, ${b}) = ${got}, Math: ${want}`).toBe(true);
          else expect(ulps(got, want), `${name}(${a}, ${b}) = ${got}, Math: ${want}`).toBeLessThanOrEqual(2);
        }
      }
    }
  });

  it('hypot: +∞ before NaN, 0 for none or zeros, exact on Pythagorean triples', () => {
    expect(exact.hypot()).toBe(0);
    expect(exact.hypot(NaN, Infinity)).toBe(Infinity);
    expect(exact.hypot(-Infinity, 1)).toBe(Infinity);
    expect(exact.hypot(NaN, 1)).toBeNaN();
    expect(Object.is(exact.hypot(-0, 0), 0)).toBe(true);
    expect(exact.hypot(3, 4)).toBe(5);
    expect(exact.hypot(-5, 12)).toBe(13);
    expect(exact.hypot(1e300, 1e300)).toBe(Math.hypot(1e300, 1e300));
    expect(exact.hypot(3e-320, 4e-320)).toBe(Math.hypot(3e-320, 4e-320));
  });

  it('is exact where the result is: e¹ = Math.E, ln 1 = 0, log₁₀ 10ⁿ = n, 10ⁿ and 2ⁿ by pow, whole powers of whole numbers', () => {
    expect(exact.exp(1)).toBe(Math.E);
    expect(exact.exp(0)).toBe(1);
    expect(exact.log(1)).toBe(0);
    expect(exact.log(Math.E)).toBe(1);
    for (let n = 0; n <= 22; n++) {
      const power = Number(`1e${n}`);
      expect(exact.log10(power), `log10(1e${n})`).toBe(n);
      expect(exact.pow(10, n), `10^${n}`).toBe(power);
    }
    for (let n = -1074; n <= 1023; n += 7) expect(exact.pow(2, n)).toBe(scaled(1, n));
    expect(exact.pow(3, 33)).toBe(5559060566555523);
    expect(exact.pow(-7, 15)).toBe(-4747561509943);
    expect(exact.pow(2, 0.5)).toBe(Math.SQRT2);
    expect(exact.sin(Math.PI / 6)).toBe(0.49999999999999994);
    expect(exact.cos(Math.PI)).toBe(-1);
    expect(exact.acos(-1)).toBe(Math.PI);
    expect(exact.asin(1)).toBe(Math.PI / 2);
    expect(exact.atan(1)).toBe(Math.PI / 4);
  });
});

/** ⌊π·2^bits⌋ from Machin's formula π = 16 atan(1/5) − 4 atan(1/239), the series summed in integers with 64 guard bits. */
function piTimesTwoTo(bits: bigint): bigint {
  const atanInverse = (n: bigint): bigint => {
    let power = (1n << (bits + 64n)) / n, sum = 0n;
    for (let k = 0n; power !== 0n; k++) {
      sum += (k % 2n === 0n ? 1n : -1n) * (power / (2n * k + 1n));
      power /= n * n;
    }
    return sum;
  };
  return (16n * atanInverse(5n) - 4n * atanInverse(239n)) >> 64n;
}

const PI_2200 = piTimesTwoTo(2200n);

/** sin x and cos x of a double to far below an ulp: x mod 2π in 2200-bit fixed point, then Taylor series in 300 bits. */
function referenceSinCos(x: number): [number, number] {
  const bits = new BigUint64Array(new Float64Array([Math.abs(x)]).buffer)[0];
  const exponent = (bits >> 52n) & 0x7ffn;
  const significand = (bits & ((1n << 52n) - 1n)) | (exponent === 0n ? 0n : 1n << 52n);
  const shift = (exponent === 0n ? 1n : exponent) - 1075n;
  let fixed = shift >= 0n ? significand << (shift + 2200n) : (significand << 2200n) >> -shift;
  if (x < 0) fixed = -fixed;
  const twoPi = 2n * PI_2200;
  const r = (((fixed % twoPi) + twoPi) % twoPi) >> 1900n; // in [0, 2π), 300 bits after the point
  let sinSum = 0n, cosSum = 0n, term = 1n << 300n;
  for (let k = 0n; term !== 0n; k++) {
    const sign = k % 4n < 2n ? 1n : -1n;
    if (k % 2n === 0n) cosSum += sign * term; else sinSum += sign * term;
    term = ((term * r) >> 300n) / (k + 1n);
  }
  const scale = scaled(1, -300);
  return [Number(sinSum) * scale, Number(cosSum) * scale]; // Number(bigint) rounds to nearest
}

describe('exactMath argument reduction for large arguments', () => {
  it('sin and cos of 10²² are the correctly rounded values (−0.85220084976718880177…, 0.52321478539513894549…)', () => {
    expect(exact.sin(1e22)).toBe(-0.8522008497671888);
    expect(exact.cos(1e22)).toBe(0.523214785395139);
    expect(referenceSinCos(1e22)).toEqual([-0.8522008497671888, 0.523214785395139]);
  });

  it('sin and cos are within 1 ulp of a 300-bit reference on 2⁻²⁰ … 2¹⁰²³, without Math', () => {
    const rand = mulberry32(99);
    let most = 0;
    for (let k = 0; k < 2000; k++) {
      const x = signed(rand) * scaled(1 + rand(), Math.floor(rand() * 1043) - 20);
      const [s, c] = referenceSinCos(x);
      most = Math.max(most, ulps(exact.sin(x), s), ulps(exact.cos(x), c));
      expect(most, `at ${x}`).toBeLessThanOrEqual(1);
    }
  });

  it('its constants are π and 2/π: 256 and 1584 bits, checked against π from Machin\'s formula', () => {
    expect((PI_2200 >> (2200n - 256n)).toString(16).toUpperCase()).toBe('3243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89');
    const twoOverPi = ((2n << (2200n + 1584n)) / PI_2200) & ((1n << 1584n) - 1n);
    expect(twoOverPi.toString(16).toUpperCase()).toBe(
      'A2F9836E4E441529FC2757D1F534DDC0DB6295993C439041FE5163ABDEBBC561B7246E3A424DD2E006492EEA09D1921CFE1DEB1CB129A73EE88235F52EBB4484E99C'
      + '7026B45F7E413991D639835339F49C845F8BBDF9283B1FF897FFDE05980FEF2F118B5A0A6D1F6D367ECF27CB09B74F463F669E5FEA2D7527BAC7EBE5F17B3D0739F78A52'
      + '92EA6BFB5FB11F8D5D0856033046FC7B6BABF0CFBC209AF4361DA9E391615EE61B086599855F14A068408DFFD8804D73273106061556CA73A8C960E27BC08C6B',
    );
  });
});
