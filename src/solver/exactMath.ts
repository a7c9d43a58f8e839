/**
 * The elementary functions a model file or a run can reach, from IEEE-exact operations only (+ − × ÷, √,
 * comparisons, and reading or writing the bits of a double), so every JavaScript engine returns the same bits.
 * ECMAScript leaves Math.sin, cos, tan, asin, acos, atan, atan2, exp, log, log10, pow and hypot
 * "implementation-approximated": Node 20 (V8 11.3) and Chromium 156 disagree in the last bit for 3–15 % of
 * random arguments of sin, cos, atan2, acos, exp and pow, which made a share link's rows differ between the web
 * app and `sim --url` (docs/architecture.md, "Web = CLI to the bit"). exactCbrt and exactAtan2 are the same idea
 * for the cube root of the step choice and for joint angles.
 *
 * Method: a line-by-line port of fdlibm 5.3 (Sun Microsystems, 1993–2004) as V8's src/base/ieee754.cc carries it
 * (its sin, cos, tan, atan, atan2, exp, log, log10, and e_asin.c, e_acos.c, e_pow.c) — the functions behind Node's
 * Math on every platform V8 builds with its own fdlibm, so the shipped models' `sim` rows keep their bits — and
 * V8's Math.hypot (the arguments scaled by the largest, their squares summed with Kahan's compensation). One
 * change: sin, cos and tan reduce an argument above 2¹⁹·π/2 ≈ 8.2e5 by Payne and Hanek's method in exact integer
 * (BigInt) arithmetic with 1584 bits of 2/π, instead of fdlibm's __kernel_rem_pio2, and round the remainder once.
 *
 * Accuracy (fdlibm's own figures; test/solver/exactMath.test.ts measures them against Math): sin, cos, tan, atan,
 * atan2, exp, log, log10, asin, acos and pow are within 1 ulp of the exact result ("nearly rounded"); hypot within
 * 1 ulp; every finite argument of sin, cos and tan, up to 1.8e308, is reduced exactly. Special values (±0, ±∞,
 * NaN, and the ECMAScript rules for pow) are Math's.
 *
 * ====================================================
 * Copyright (C) 1993-2004 by Sun Microsystems, Inc. All rights reserved.
 *
 * Developed at SunSoft, a Sun Microsystems, Inc. business.
 * Permission to use, copy, modify, and distribute this
 * software is freely granted, provided that this notice
 * is preserved.
 * ====================================================
 *
 * Example: sin(Math.PI / 6) === 0.49999999999999994 on every engine; pow(2, 0.5) === Math.SQRT2.
 */
export { exactCbrt as cbrt } from './integrators/exactCbrt';

// ---------------------------------------------------------------------------------------------
// The two 32-bit words of a double (fdlibm's GET_HIGH_WORD and friends): exact on every engine.

const WORDS = new Float64Array(1);
const INTS = new Int32Array(WORDS.buffer);
WORDS[0] = 1;
/** Index of the high (sign, exponent, top of the significand) word: 1 on little-endian machines. */
const HI = INTS[1] === 0x3ff00000 ? 1 : 0;
const LO = 1 - HI;

function highWord(x: number): number {
  WORDS[0] = x;
  return INTS[HI];
}

/** The low word as an unsigned integer. */
function lowWord(x: number): number {
  WORDS[0] = x;
  return INTS[LO] >>> 0;
}

function fromWords(high: number, low: number): number {
  INTS[HI] = high;
  INTS[LO] = low;
  return WORDS[0];
}

/** x with its high word replaced. */
function withHighWord(x: number, high: number): number {
  WORDS[0] = x;
  INTS[HI] = high;
  return WORDS[0];
}

/** x with its low word cleared: the top 21 bits of the significand, so products with it are exact. */
function withLowZero(x: number): number {
  WORDS[0] = x;
  INTS[LO] = 0;
  return WORDS[0];
}

/** 2⁻⁵⁴, for a subnormal result (rounded once). */
const TWO_M54 = 5.551115123125783e-17;

/** x · 2ⁿ rounded once, for a normal x whose result may be subnormal or overflow (fdlibm's scalbn). */
function scalbn(x: number, n: number): number {
  const hx = highWord(x);
  const k = ((hx & 0x7ff00000) >> 20) + n;
  if (k > 0x7fe) return x * Infinity;
  if (k > 0) return withHighWord(x, (hx & 0x800fffff) | (k << 20));
  if (k <= -54) return x * 0;
  return withHighWord(x, (hx & 0x800fffff) | ((k + 54) << 20)) * TWO_M54;
}

// ---------------------------------------------------------------------------------------------
// Argument reduction: x = N·π/2 + (y0 + y1), |y0 + y1| ≤ π/4 (fdlibm's __ieee754_rem_pio2).

/** The reduced argument of the last remPio2 call, as the sum of two doubles (head, tail). */
let y0 = 0, y1 = 0;

/** 53 bits of 2/π. */
const INV_PIO2 = 6.36619772367581382433e-01;
/** π/2 cut into 33-bit pieces with their tails: pio2_1 + pio2_1t, pio2_1 + pio2_2 + pio2_2t, … */
const PIO2_1 = 1.57079632673412561417e+00;
const PIO2_1T = 6.07710050650619224932e-11;
const PIO2_2 = 6.07710050630396597660e-11;
const PIO2_2T = 2.02226624879595063154e-21;
const PIO2_3 = 2.02226624871116645580e-21;
const PIO2_3T = 8.47842766036889956997e-32;
/** High words of n·π/2, n = 1 … 32: an argument this close to one needs the longer π/2. */
const NPIO2_HW = [
  0x3ff921fb, 0x400921fb, 0x4012d97c, 0x401921fb, 0x401f6a7a, 0x4022d97c, 0x4025fdbb, 0x402921fb,
  0x402c463a, 0x402f6a7a, 0x4031475c, 0x4032d97c, 0x40346b9c, 0x4035fdbb, 0x40378fdb, 0x403921fb,
  0x403ab41b, 0x403c463a, 0x403dd85a, 0x403f6a7a, 0x40407e4c, 0x4041475c, 0x4042106c, 0x4042d97c,
  0x4043a28c, 0x40446b9c, 0x404534ac, 0x4045fdbb, 0x4046c6cb, 0x40478fdb, 0x404858eb, 0x404921fb,
];

/** N (its low bits suffice: the callers take N mod 4), with y0 + y1 = x − N·π/2. */
function remPio2(x: number): number {
  const hx = highWord(x);
  const ix = hx & 0x7fffffff;
  if (ix <= 0x3fe921fb) { y0 = x; y1 = 0; return 0; } // |x| ≤ π/4: nothing to reduce
  if (ix < 0x4002d97c) { // |x| < 3π/4: N = ±1
    const sign = hx > 0 ? 1 : -1;
    let z = x - sign * PIO2_1;
    if (ix !== 0x3ff921fb) { // 33 + 53 bits of π/2 suffice
      y0 = z - sign * PIO2_1T;
      y1 = (z - y0) - sign * PIO2_1T;
    } else { // near π/2: 33 + 33 + 53 bits
      z -= sign * PIO2_2;
      y0 = z - sign * PIO2_2T;
      y1 = (z - y0) - sign * PIO2_2T;
    }
    return sign;
  }
  if (ix <= 0x413921fb) return remPio2Medium(x, hx, ix); // |x| ≤ 2¹⁹·π/2
  if (ix >= 0x7ff00000) { y0 = y1 = x - x; return 0; } // ±∞, NaN
  return remPio2Large(x, hx, ix);
}

/** Cody and Waite's reduction with π/2 in three pieces of 33 bits, the later ones only on cancellation. */
function remPio2Medium(x: number, hx: number, ix: number): number {
  const t = Math.abs(x);
  const n = (t * INV_PIO2 + 0.5) | 0;
  let r = t - n * PIO2_1;
  let w = n * PIO2_1T; // first round good to 85 bits
  if (n < 32 && ix !== NPIO2_HW[n - 1]) {
    y0 = r - w; // no cancellation
  } else {
    const j = ix >> 20;
    y0 = r - w;
    if (j - ((highWord(y0) >> 20) & 0x7ff) > 16) { // second round, good to 118 bits
      let u = r;
      w = n * PIO2_2;
      r = u - w;
      w = n * PIO2_2T - ((u - r) - w);
      y0 = r - w;
      if (j - ((highWord(y0) >> 20) & 0x7ff) > 49) { // third round, 151 bits: every case
        u = r;
        w = n * PIO2_3;
        r = u - w;
        w = n * PIO2_3T - ((u - r) - w);
        y0 = r - w;
      }
    }
  }
  y1 = (r - y0) - w;
  if (hx < 0) { y0 = -y0; y1 = -y1; return -n; }
  return n;
}

/**
 * 1584 bits of 2/π after the binary point (fdlibm's two_over_pi table, 66 words of 24 bits), as one integer:
 * enough for every double (the largest, 2¹⁰²³·(2 − 2⁻⁵²), keeps 613 bits of the product's fraction).
 */
const TWO_OVER_PI_BITS = 1584;
const TWO_OVER_PI = /* @__PURE__ */ BigInt('0x'
  + 'A2F9836E4E441529FC2757D1F534DDC0DB6295993C439041FE5163ABDEBBC561B7246E3A424DD2E006492EEA09D1921CFE1DEB1CB129A73EE88235F52EBB4484E99C'
  + '7026B45F7E413991D639835339F49C845F8BBDF9283B1FF897FFDE05980FEF2F118B5A0A6D1F6D367ECF27CB09B74F463F669E5FEA2D7527BAC7EBE5F17B3D0739F78A52'
  + '92EA6BFB5FB11F8D5D0856033046FC7B6BABF0CFBC209AF4361DA9E391615EE61B086599855F14A068408DFFD8804D73273106061556CA73A8C960E27BC08C6B');
/** ⌊π · 2²⁵⁶⌋ (π = 3.243F6A88 85A308D3 … in hexadecimal). */
const PI_256 = /* @__PURE__ */ BigInt('0x3243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89');
/** Bits of the fraction of x·2/π kept for the remainder: its relative error stays below 2⁻¹²⁰. */
const FRACTION_BITS = 192n;
/** 2⁻⁴⁴⁹ = 2^-(192 + 257): the scale of fraction · ⌊π · 2²⁵⁶⌋ as a multiple of π/2. */
const REMAINDER_SCALE = 6.879105134148699e-136;

/**
 * Payne and Hanek's reduction for |x| > 2¹⁹·π/2, in exact integer arithmetic: x = m·2ᵉ with an integer m < 2⁵³,
 * m·⌊2/π·2¹⁵⁸⁴⌋ holds N (above the point 1584 − e) and the fraction; the fraction times π/2 is rounded once into
 * y0 and once more into y1.
 */
function remPio2Large(x: number, hx: number, ix: number): number {
  const e = (ix >> 20) - 1075;
  const m = (BigInt((ix & 0x000fffff) | 0x00100000) << 32n) | BigInt(lowWord(x));
  const product = m * TWO_OVER_PI;
  const point = BigInt(TWO_OVER_PI_BITS - e);
  let n = Number((product >> point) & 3n);
  let fraction = (product & ((1n << point) - 1n)) >> (point - FRACTION_BITS);
  if (fraction >> (FRACTION_BITS - 1n)) { // fraction ≥ ½: the nearest multiple is the next one
    fraction -= 1n << FRACTION_BITS;
    n += 1;
  }
  const remainder = fraction * PI_256;
  const head = Number(remainder);
  y0 = head * REMAINDER_SCALE;
  y1 = Number(remainder - BigInt(head)) * REMAINDER_SCALE;
  if (hx < 0) { y0 = -y0; y1 = -y1; return -n; }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Kernels on [−π/4, π/4]: x + y with |y| ≤ ½ ulp of x (fdlibm's __kernel_sin, __kernel_cos, __kernel_tan).

const S1 = -1.66666666666666324348e-01;
const S2 = 8.33333333332248946124e-03;
const S3 = -1.98412698298579493134e-04;
const S4 = 2.75573137070700676789e-06;
const S5 = -2.50507602534068634195e-08;
const S6 = 1.58969099521155010221e-10;

/** sin(x + y) by an odd polynomial of degree 13 (error below 2⁻⁵⁸); y is taken as 0 when hasTail is false. */
function kernelSin(x: number, y: number, hasTail: boolean): number {
  if ((highWord(x) & 0x7fffffff) < 0x3e400000) return x; // |x| < 2⁻²⁷
  const z = x * x;
  const v = z * x;
  const r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  if (!hasTail) return x + v * (S1 + z * r);
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

const C1 = 4.16666666666666019037e-02;
const C2 = -1.38888888888741095749e-03;
const C3 = 2.48015872894767294178e-05;
const C4 = -2.75573143513906633035e-07;
const C5 = 2.08757232129817482790e-09;
const C6 = -1.13596475577881948265e-11;

/** cos(x + y) by an even polynomial of degree 14 (error below 2⁻⁵⁸), 1 − x²/2 split for accuracy above 0.3. */
function kernelCos(x: number, y: number): number {
  const ix = highWord(x) & 0x7fffffff;
  if (ix < 0x3e400000) return 1; // |x| < 2⁻²⁷
  const z = x * x;
  const r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  if (ix < 0x3fd33333) return 1 - (0.5 * z - (z * r - x * y)); // |x| < 0.3
  // qx = |x|/4 with its low word cleared (0.28125 above 0.78125): 1 − qx and x²/2 − qx are exact.
  const qx = ix > 0x3fe90000 ? 0.28125 : fromWords(ix - 0x00200000, 0);
  const hz = 0.5 * z - qx;
  const a = 1 - qx;
  return a - (hz - (z * r - x * y));
}

const T = [
  3.33333333333334091986e-01, 1.33333333333201242699e-01, 5.39682539762260521377e-02, 2.18694882948595424599e-02,
  8.86323982359930005737e-03, 3.59207910759131235356e-03, 1.45620945432529025516e-03, 5.88041240820264096874e-04,
  2.46463134818469906812e-04, 7.81794442939557092300e-05, 7.14072491382608190305e-05, -1.85586374855275456654e-05,
  2.59073051863633712884e-05,
];
const PIO4 = 7.85398163397448278999e-01;
const PIO4_LO = 3.06161699786838301793e-17;

/** −1/(x + y), carefully: w = x + y rounded, the quotient corrected with the parts cut off. */
function negativeReciprocal(x: number, y: number, w: number): number {
  const z = withLowZero(w);
  const v = y - (z - x); // z + v = x + y
  const a = -1 / w;
  const t = withLowZero(a);
  const s = 1 + t * z;
  return t + a * (s + t * v);
}

/** tan(x + y) when k = 1, −1/tan(x + y) when k = −1: an odd polynomial of degree 27 on [0, 0.6744]. */
function kernelTan(x: number, y: number, k: 1 | -1): number {
  const hx = highWord(x);
  const ix = hx & 0x7fffffff;
  if (ix < 0x3e300000) { // |x| < 2⁻²⁸
    if ((ix | lowWord(x)) === 0 && k === -1) return 1 / Math.abs(x);
    if (k === 1) return x;
    return negativeReciprocal(x, y, x + y);
  }
  const big = ix >= 0x3fe59428; // |x| ≥ 0.6744: tan(π/4 − x') from tan(x')
  if (big) {
    if (hx < 0) { x = -x; y = -y; }
    x = (PIO4 - x) + (PIO4_LO - y);
    y = 0;
  }
  const z = x * x;
  let w = z * z;
  // x⁵(T1 + x⁴T3 + … + x²⁰T11) + x⁵(x²(T2 + x⁴T4 + … + x²⁰T12)): the odd and even halves.
  let r = T[1] + w * (T[3] + w * (T[5] + w * (T[7] + w * (T[9] + w * T[11]))));
  let v = z * (T[2] + w * (T[4] + w * (T[6] + w * (T[8] + w * (T[10] + w * T[12])))));
  const s = z * x;
  r = y + z * (s * (r + v) + y);
  r += T[0] * s;
  w = x + r;
  if (big) {
    v = k;
    return (1 - ((hx >> 30) & 2)) * (v - 2 * (x - ((w * w) / (w + v) - r)));
  }
  return k === 1 ? w : negativeReciprocal(x, r, w);
}

// ---------------------------------------------------------------------------------------------
// sin, cos, tan

/** sin x, within 1 ulp; NaN for ±∞ and NaN. */
export function sin(x: number): number {
  const ix = highWord(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) return kernelSin(x, 0, false);
  if (ix >= 0x7ff00000) return x - x;
  const n = remPio2(x);
  switch (n & 3) {
    case 0: return kernelSin(y0, y1, true);
    case 1: return kernelCos(y0, y1);
    case 2: return -kernelSin(y0, y1, true);
    default: return -kernelCos(y0, y1);
  }
}

/** cos x, within 1 ulp; NaN for ±∞ and NaN. */
export function cos(x: number): number {
  const ix = highWord(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) return kernelCos(x, 0);
  if (ix >= 0x7ff00000) return x - x;
  const n = remPio2(x);
  switch (n & 3) {
    case 0: return kernelCos(y0, y1);
    case 1: return -kernelSin(y0, y1, true);
    case 2: return -kernelCos(y0, y1);
    default: return kernelSin(y0, y1, true);
  }
}

/** tan x, within 1 ulp; NaN for ±∞ and NaN. */
export function tan(x: number): number {
  const ix = highWord(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) return kernelTan(x, 0, 1);
  if (ix >= 0x7ff00000) return x - x;
  const n = remPio2(x);
  return kernelTan(y0, y1, (n & 1) === 0 ? 1 : -1);
}

// ---------------------------------------------------------------------------------------------
// asin, acos (fdlibm e_asin.c, e_acos.c): a rational approximation R(x²) of (asin x − x)/x³ on [0, ½],
// and asin x = π/2 − 2 asin √((1 − x)/2) above.

const PIO2_HI = 1.57079632679489655800e+00;
const PIO2_LO = 6.12323399573676603587e-17;
const PIO4_HI = 7.85398163397448278999e-01;
const PI = 3.14159265358979311600e+00;
const PS0 = 1.66666666666666657415e-01;
const PS1 = -3.25565818622400915405e-01;
const PS2 = 2.01212532134862925881e-01;
const PS3 = -4.00555345006794114027e-02;
const PS4 = 7.91534994289814532176e-04;
const PS5 = 3.47933107596021167570e-05;
const QS1 = -2.40339491173441421878e+00;
const QS2 = 2.02094576023350569471e+00;
const QS3 = -6.88283971605453293030e-01;
const QS4 = 7.70381505559019352791e-02;

/** R(z) = P(z)/Q(z) ≈ (asin √z − √z)/z^{3/2}, error below 2^-58.75 on [0, ¼]. */
function asinRatio(z: number): number {
  const p = z * (PS0 + z * (PS1 + z * (PS2 + z * (PS3 + z * (PS4 + z * PS5)))));
  const q = 1 + z * (QS1 + z * (QS2 + z * (QS3 + z * QS4)));
  return p / q;
}

/** asin x in [−π/2, π/2], within 1 ulp; NaN outside [−1, 1]. */
export function asin(x: number): number {
  const hx = highWord(x);
  const ix = hx & 0x7fffffff;
  if (ix >= 0x3ff00000) { // |x| ≥ 1
    if (((ix - 0x3ff00000) | lowWord(x)) === 0) return x * PIO2_HI + x * PIO2_LO; // ±1
    return NaN;
  }
  if (ix < 0x3fe00000) { // |x| < ½
    if (ix < 0x3e400000) return x; // |x| < 2⁻²⁷
    return x + x * asinRatio(x * x);
  }
  const t = (1 - Math.abs(x)) * 0.5;
  const s = Math.sqrt(t);
  let result: number;
  if (ix >= 0x3fef3333) { // |x| > 0.975
    result = PIO2_HI - (2 * (s + s * asinRatio(t)) - PIO2_LO);
  } else {
    const f = withLowZero(s);
    const c = (t - f * f) / (s + f); // f + c ≈ √t
    const p = 2 * s * asinRatio(t) - (PIO2_LO - 2 * c);
    const q = PIO4_HI - 2 * f;
    result = PIO4_HI - (p - q);
  }
  return hx > 0 ? result : -result;
}

/** acos x in [0, π], within 1 ulp; NaN outside [−1, 1]. */
export function acos(x: number): number {
  const hx = highWord(x);
  const ix = hx & 0x7fffffff;
  if (ix >= 0x3ff00000) { // |x| ≥ 1
    if (((ix - 0x3ff00000) | lowWord(x)) === 0) return hx > 0 ? 0 : PI + 2 * PIO2_LO; // acos 1 = 0, acos −1 = π
    return NaN;
  }
  if (ix < 0x3fe00000) { // |x| < ½
    if (ix <= 0x3c600000) return PIO2_HI + PIO2_LO; // |x| < 2⁻⁵⁷
    return PIO2_HI - (x - (PIO2_LO - x * asinRatio(x * x)));
  }
  if (hx < 0) { // x < −½
    const z = (1 + x) * 0.5;
    const s = Math.sqrt(z);
    const w = asinRatio(z) * s - PIO2_LO;
    return PI - 2 * (s + w);
  }
  const z = (1 - x) * 0.5; // x > ½
  const s = Math.sqrt(z);
  const f = withLowZero(s);
  const c = (z - f * f) / (s + f);
  const w = asinRatio(z) * s + c;
  return 2 * (f + w);
}

// ---------------------------------------------------------------------------------------------
// atan, atan2

const ATAN_HI = [4.63647609000806093515e-01, 7.85398163397448278999e-01, 9.82793723247329054082e-01, 1.57079632679489655800e+00];
const ATAN_LO = [2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17, 6.12323399573676603587e-17];
const AT = [
  3.33333333333329318027e-01, -1.99999999998764832476e-01, 1.42857142725034663711e-01, -1.11111104054623557880e-01,
  9.09088713343650656196e-02, -7.69187620504482999495e-02, 6.66107313738753120669e-02, -5.83357013379057348645e-02,
  4.97687799461593236017e-02, -3.65315727442169155270e-02, 1.62858201153657823623e-02,
];

/**
 * atan x in [−π/2, π/2], within 1 ulp: |x| reduced to [0, 7/16] by atan x = atan c + atan((x − c)/(1 + cx)) for
 * c = ½, 1, 3/2, ∞, then an odd polynomial of degree 23.
 */
export function atan(x: number): number {
  const hx = highWord(x);
  const ix = hx & 0x7fffffff;
  if (ix >= 0x44100000) { // |x| ≥ 2⁶⁶ (or NaN)
    if (x !== x) return x + x;
    return hx > 0 ? ATAN_HI[3] + ATAN_LO[3] : -ATAN_HI[3] - ATAN_LO[3];
  }
  let id: number;
  if (ix < 0x3fdc0000) { // |x| < 7/16
    if (ix < 0x3e400000) return x; // |x| < 2⁻²⁷
    id = -1;
  } else {
    x = Math.abs(x);
    if (ix < 0x3ff30000) { // |x| < 19/16
      if (ix < 0x3fe60000) { id = 0; x = (2 * x - 1) / (2 + x); } // 7/16 ≤ |x| < 11/16
      else { id = 1; x = (x - 1) / (x + 1); } // 11/16 ≤ |x| < 19/16
    } else if (ix < 0x40038000) { id = 2; x = (x - 1.5) / (1 + 1.5 * x); } // |x| < 39/16
    else { id = 3; x = -1 / x; } // 39/16 ≤ |x| < 2⁶⁶
  }
  const z = x * x;
  const w = z * z;
  // The sum of AT[i] z^{i+1}, i = 0 … 10, in odd and even halves.
  const s1 = z * (AT[0] + w * (AT[2] + w * (AT[4] + w * (AT[6] + w * (AT[8] + w * AT[10])))));
  const s2 = w * (AT[1] + w * (AT[3] + w * (AT[5] + w * (AT[7] + w * AT[9]))));
  if (id < 0) return x - x * (s1 + s2);
  const result = ATAN_HI[id] - ((x * (s1 + s2) - ATAN_LO[id]) - x);
  return hx < 0 ? -result : result;
}

const PI_LO = 1.2246467991473531772e-16;

/** The angle of the point (x, y) from the +x axis, in [−π, π], within 1 ulp, with Math.atan2's signed zeros and infinities. */
export function atan2(y: number, x: number): number {
  if (x !== x || y !== y) return x + y;
  const hx = highWord(x), lx = lowWord(x);
  const hy = highWord(y), ly = lowWord(y);
  const ix = hx & 0x7fffffff, iy = hy & 0x7fffffff;
  if (((hx - 0x3ff00000) | lx) === 0) return atan(y); // x = 1
  let m = ((hy >> 31) & 1) | ((hx >> 30) & 2); // 2·sign(x) + sign(y)
  if ((iy | ly) === 0) { // y = ±0
    if (m < 2) return y;
    return m === 2 ? PI : -PI;
  }
  if ((ix | lx) === 0) return hy < 0 ? -PIO2_HI : PIO2_HI; // x = ±0
  if (ix === 0x7ff00000) { // x = ±∞
    if (iy === 0x7ff00000) return [PIO4_HI, -PIO4_HI, 3 * PIO4_HI, -3 * PIO4_HI][m];
    return [0, -0, PI, -PI][m];
  }
  if (iy === 0x7ff00000) return hy < 0 ? -PIO2_HI : PIO2_HI; // y = ±∞
  const k = (iy - ix) >> 20;
  let z: number;
  if (k > 60) { // |y/x| > 2⁶⁰
    z = PIO2_HI + 0.5 * PI_LO;
    m &= 1;
  } else if (hx < 0 && k < -60) {
    z = 0; // 0 > |y|/x > −2⁻⁶⁰
  } else {
    z = atan(Math.abs(y / x));
  }
  switch (m) {
    case 0: return z;
    case 1: return -z;
    case 2: return PI - (z - PI_LO);
    default: return (z - PI_LO) - PI;
  }
}

// ---------------------------------------------------------------------------------------------
// exp, log, log10

const LN2_HI = 6.93147180369123816490e-01;
const LN2_LO = 1.90821492927058770002e-10;
const INV_LN2 = 1.44269504088896338700e+00;
const P1 = 1.66666666666666019037e-01;
const P2 = -2.77777777770155933842e-03;
const P3 = 6.61375632143793436117e-05;
const P4 = -1.65339022054652515390e-06;
const P5 = 4.13813679705723846039e-08;
const EXP_OVERFLOW = 7.09782712893383973096e+02;
const EXP_UNDERFLOW = -7.45133219101941108420e+02;
/** 2¹⁰²³ and 2⁻¹⁰⁰⁰. */
const TWO_1023 = 8.98846567431158e307;
const TWO_M1000 = 9.332636185032189e-302;

/**
 * eˣ, within 1 ulp: x = k ln 2 + r with |r| ≤ ½ ln 2, e^r from a rational form of degree 5 in r² (error below
 * 2⁻⁵⁹), times 2ᵏ. exp(1) is Math.E.
 */
export function exp(x: number): number {
  let hx = highWord(x);
  const negative = hx < 0;
  hx &= 0x7fffffff;
  if (hx >= 0x40862e42) { // |x| ≥ 709.78…
    if (hx >= 0x7ff00000) {
      if (x !== x) return x + x;
      return negative ? 0 : x; // e^±∞
    }
    if (x > EXP_OVERFLOW) return Infinity;
    if (x < EXP_UNDERFLOW) return 0;
  }
  let hi = 0, lo = 0, k = 0;
  if (hx > 0x3fd62e42) { // |x| > ½ ln 2
    if (hx < 0x3ff0a2b2) { // and |x| < 3/2 ln 2
      if (x === 1) return Math.E; // the reduction below would miss its last bit
      hi = negative ? x + LN2_HI : x - LN2_HI;
      lo = negative ? -LN2_LO : LN2_LO;
      k = negative ? -1 : 1;
    } else {
      k = (INV_LN2 * x + (negative ? -0.5 : 0.5)) | 0;
      hi = x - k * LN2_HI; // exact
      lo = k * LN2_LO;
    }
    x = hi - lo;
  } else if (hx < 0x3e300000) { // |x| < 2⁻²⁸
    return 1 + x;
  }
  const t = x * x;
  const c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k === 0) return 1 - ((x * c) / (c - 2) - x);
  const y = 1 - ((lo - (x * c) / (2 - c)) - hi);
  if (k >= -1021) {
    if (k === 1024) return y * 2 * TWO_1023;
    return y * fromWords(0x3ff00000 + (k << 20), 0);
  }
  return y * fromWords(0x3ff00000 + ((k + 1000) << 20), 0) * TWO_M1000;
}

/** 2⁵⁴. */
const TWO_54 = 18014398509481984;
const LG1 = 6.666666666666735130e-01;
const LG2 = 3.999999999940941908e-01;
const LG3 = 2.857142874366239149e-01;
const LG4 = 2.222219843214978396e-01;
const LG5 = 1.818357216161805012e-01;
const LG6 = 1.531383769920937332e-01;
const LG7 = 1.479819860511658591e-01;

/**
 * ln x, within 1 ulp: x = 2ᵏ(1 + f) with √2/2 < 1 + f < √2, ln(1 + f) from s = f/(2 + f) by a polynomial of
 * degree 14 in s (error below 2^-58.45). −∞ at ±0, NaN below 0.
 */
export function log(x: number): number {
  let hx = highWord(x);
  let k = 0;
  if (hx < 0x00100000) { // x < 2⁻¹⁰²², zero, or negative
    if (((hx & 0x7fffffff) | lowWord(x)) === 0) return -Infinity;
    if (hx < 0) return NaN;
    k -= 54;
    x *= TWO_54; // subnormal: scale up
    hx = highWord(x);
  }
  if (hx >= 0x7ff00000) return x + x;
  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  let i = (hx + 0x95f64) & 0x100000;
  x = withHighWord(x, hx | (i ^ 0x3ff00000)); // x or x/2 in [√2/2, √2)
  k += i >> 20;
  const f = x - 1;
  if ((0x000fffff & (2 + hx)) < 3) { // −2⁻²⁰ ≤ f < 2⁻²⁰
    if (f === 0) return k === 0 ? 0 : k * LN2_HI + k * LN2_LO;
    const r = f * f * (0.5 - 0.33333333333333333 * f);
    return k === 0 ? f - r : k * LN2_HI - ((r - k * LN2_LO) - f);
  }
  const s = f / (2 + f);
  const z = s * s;
  i = hx - 0x6147a;
  const w = z * z;
  const j = 0x6b851 - hx;
  const t1 = w * (LG2 + w * (LG4 + w * LG6));
  const t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
  i |= j;
  const r = t2 + t1;
  if (i > 0) {
    const hfsq = 0.5 * f * f;
    return k === 0 ? f - (hfsq - s * (hfsq + r)) : k * LN2_HI - ((hfsq - (s * (hfsq + r) + k * LN2_LO)) - f);
  }
  return k === 0 ? f - s * (f - r) : k * LN2_HI - ((s * (f - r) - k * LN2_LO) - f);
}

const INV_LN10 = 4.34294481903251816668e-01;
const LOG10_2HI = 3.01029995663611771306e-01;
const LOG10_2LO = 3.69423907715893078616e-13;

/** log₁₀ x, within 1 ulp: n log₁₀ 2 + log₁₀(x/2ⁿ) with log₁₀ 2 in two pieces; exact at 10ⁿ for n = 0 … 22. */
export function log10(x: number): number {
  let hx = highWord(x);
  let lx = lowWord(x);
  let k = 0;
  if (hx < 0x00100000) { // x < 2⁻¹⁰²², zero, or negative
    if (((hx & 0x7fffffff) | lx) === 0) return -Infinity;
    if (hx < 0) return NaN;
    k -= 54;
    x *= TWO_54;
    hx = highWord(x);
    lx = lowWord(x);
  }
  if (hx >= 0x7ff00000) return x + x;
  if (hx === 0x3ff00000 && lx === 0) return 0;
  k += (hx >> 20) - 1023;
  const i = (k & 0x80000000) >>> 31;
  hx = (hx & 0x000fffff) | ((0x3ff - i) << 20);
  const y = k + i;
  x = fromWords(hx, lx);
  const z = y * LOG10_2LO + INV_LN10 * log(x);
  return z + y * LOG10_2HI;
}

// ---------------------------------------------------------------------------------------------
// pow (fdlibm e_pow.c): log₂|x| in extra precision, y·log₂|x| = n + y′, 2^y′ as in exp, times 2ⁿ.

const BP = [1, 1.5];
const DP_H = [0, 5.84962487220764160156e-01];
const DP_L = [0, 1.35003920212974897128e-08];
const TWO_53 = 9007199254740992;
const L1 = 5.99999999999994648725e-01;
const L2 = 4.28571428578550184252e-01;
const L3 = 3.33333329818377432918e-01;
const L4 = 2.72728123808534006489e-01;
const L5 = 2.30660745775561754067e-01;
const L6 = 2.06975017800338417784e-01;
const LG2_FULL = 6.93147180559945286227e-01;
const LG2_H = 6.93147182464599609375e-01;
const LG2_L = -1.90465429995776804525e-09;
/** −(1024 − log₂(overflow + ½ ulp)). */
const OVT = 8.0085662595372944372e-17;
const CP = 9.61796693925975554329e-01;
const CP_H = 9.61796700954437255859e-01;
const CP_L = -7.02846165095275826516e-09;
const IVLN2 = 1.44269504088896338700e+00;
const IVLN2_H = 1.44269502162933349609e+00;
const IVLN2_L = 1.92596299112661746887e-08;

/** 0 when y is not an integer, 1 when it is odd, 2 when it is even (asked only for x < 0). */
function integerKind(iy: number, ly: number): number {
  if (iy >= 0x43400000) return 2; // |y| ≥ 2⁵³: even
  if (iy < 0x3ff00000) return 0;
  const k = (iy >> 20) - 0x3ff; // exponent
  if (k > 20) {
    const j = ly >>> (52 - k);
    return ((j << (52 - k)) >>> 0) === ly ? 2 - (j & 1) : 0;
  }
  if (ly !== 0) return 0;
  const j = iy >> (20 - k);
  return j << (20 - k) === iy ? 2 - (j & 1) : 0;
}

/**
 * xʸ, within 1 ulp ("nearly rounded"; a whole power of a whole number is exact when representable), with
 * ECMAScript's special values (NaN for (±1)^±∞ and for 1^NaN, 1 for anything⁰).
 */
export function pow(x: number, y: number): number {
  const hx = highWord(x), lx = lowWord(x);
  const hy = highWord(y), ly = lowWord(y);
  let ix = hx & 0x7fffffff;
  const iy = hy & 0x7fffffff;
  if ((iy | ly) === 0) return 1; // x⁰
  if (x !== x || y !== y) return x + y;
  const yisint = hx < 0 ? integerKind(iy, ly) : 0;
  if (ly === 0) { // special values of y
    if (iy === 0x7ff00000) { // y = ±∞
      if (((ix - 0x3ff00000) | lx) === 0) return NaN; // (±1)^±∞
      if (ix >= 0x3ff00000) return hy >= 0 ? y : 0; // |x| > 1
      return hy < 0 ? -y : 0; // |x| < 1
    }
    if (iy === 0x3ff00000) return hy < 0 ? 1 / x : x; // y = ±1
    if (hy === 0x40000000) return x * x; // y = 2
    if (hy === 0x3fe00000 && hx >= 0) return Math.sqrt(x); // y = ½, x ≥ +0
  }
  let ax = Math.abs(x);
  if (lx === 0 && (ix === 0x7ff00000 || ix === 0 || ix === 0x3ff00000)) { // x = ±0, ±∞, ±1
    let z = hy < 0 ? 1 / ax : ax;
    if (hx < 0) {
      if (((ix - 0x3ff00000) | yisint) === 0) z = NaN; // (−1)^non-integer
      else if (yisint === 1) z = -z; // (x < 0)^odd
    }
    return z;
  }
  if (hx < 0 && yisint === 0) return NaN; // (x < 0)^non-integer
  const sign = hx < 0 && yisint === 1 ? -1 : 1; // (x < 0)^odd integer
  let t1: number, t2: number;
  if (iy > 0x41e00000) { // |y| > 2³¹
    if (iy > 0x43f00000) { // |y| > 2⁶⁴: overflow or underflow
      if (ix <= 0x3fefffff) return hy < 0 ? Infinity : 0;
      if (ix >= 0x3ff00000) return hy > 0 ? Infinity : 0;
    }
    if (ix < 0x3fefffff) return hy < 0 ? sign * Infinity : sign * 0;
    if (ix > 0x3ff00000) return hy > 0 ? sign * Infinity : sign * 0;
    // |1 − x| ≤ 2⁻²⁰: log x = t − t²/2 + t³/3 − t⁴/4 suffices.
    const t = ax - 1;
    const w = (t * t) * (0.5 - t * (0.3333333333333333333333 - t * 0.25));
    const u = IVLN2_H * t;
    const v = t * IVLN2_L - w * IVLN2;
    t1 = withLowZero(u + v);
    t2 = v - (t1 - u);
  } else {
    let n = 0;
    if (ix < 0x00100000) { ax *= TWO_53; n -= 53; ix = highWord(ax); } // subnormal x
    n += (ix >> 20) - 0x3ff;
    const j = ix & 0x000fffff;
    ix = j | 0x3ff00000; // normalise
    let k: number;
    if (j <= 0x3988e) k = 0; // |x| < √(3/2)
    else if (j < 0xbb67a) k = 1; // |x| < √3
    else { k = 0; n += 1; ix -= 0x00100000; }
    ax = withHighWord(ax, ix);
    // ss = s_h + s_l = (x − 1)/(x + 1) or (x − 1.5)/(x + 1.5)
    let u = ax - BP[k];
    let v = 1 / (ax + BP[k]);
    const ss = u * v;
    const sH = withLowZero(ss);
    let tH = fromWords(((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18), 0); // ax + bp[k], high part
    let tL = ax - (tH - BP[k]);
    const sL = v * ((u - sH * tH) - sH * tL);
    // log(ax)
    let s2 = ss * ss;
    let r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
    r += sL * (sH + ss);
    s2 = sH * sH;
    tH = withLowZero(3 + s2 + r);
    tL = r - ((tH - 3) - s2);
    // u + v = ss (1 + …)
    u = sH * tH;
    v = sL * tH + tL * ss;
    // 2/(3 ln 2) (ss + …)
    const pH = withLowZero(u + v);
    const pL = v - (pH - u);
    const zH = CP_H * pH; // cp_h + cp_l = 2/(3 ln 2)
    const zL = CP_L * pH + pL * CP + DP_L[k];
    // log₂ ax = n + dp_h + z_h + z_l
    const t = n;
    t1 = withLowZero(((zH + zL) + DP_H[k]) + t);
    t2 = zL - (((t1 - t) - DP_H[k]) - zH);
  }
  // (y1 + y2)(t1 + t2) with y1 = y's high part
  const y1 = withLowZero(y);
  const pL = (y - y1) * t1 + y * t2;
  let pH = y1 * t1;
  let z = pL + pH;
  let j = highWord(z);
  let i = lowWord(z);
  if (j >= 0x40900000) { // z ≥ 1024
    if (((j - 0x40900000) | i) !== 0) return sign * Infinity;
    if (pL + OVT > z - pH) return sign * Infinity;
  } else if ((j & 0x7fffffff) >= 0x4090cc00) { // z ≤ −1075
    if (((j - 0xc090cc00) | i) !== 0) return sign * 0;
    if (pL <= z - pH) return sign * 0;
  }
  // 2^(pH + pL)
  i = j & 0x7fffffff;
  let k = (i >> 20) - 0x3ff;
  let n = 0;
  if (i > 0x3fe00000) { // |z| > ½: n = [z + ½]
    n = j + (0x00100000 >> (k + 1));
    k = ((n & 0x7fffffff) >> 20) - 0x3ff; // new k for n
    const t = fromWords(n & ~(0x000fffff >> k), 0);
    n = ((n & 0x000fffff) | 0x00100000) >> (20 - k);
    if (j < 0) n = -n;
    pH -= t;
  }
  const t = withLowZero(pL + pH);
  const u = t * LG2_H;
  const v = (pL - (t - pH)) * LG2_FULL + t * LG2_L;
  z = u + v;
  const w = v - (z - u);
  const tt = z * z;
  const c = z - tt * (P1 + tt * (P2 + tt * (P3 + tt * (P4 + tt * P5))));
  const r = (z * c) / (c - 2) - (w + z * w);
  z = 1 - (r - z);
  j = highWord(z) + (n << 20);
  z = (j >> 20) <= 0 ? scalbn(z, n) : withHighWord(z, j); // subnormal result, or 2ⁿ into the exponent
  return sign * z;
}

// ---------------------------------------------------------------------------------------------
// hypot

/**
 * √(Σ xᵢ²) without overflow or underflow, as V8 computes Math.hypot: every |xᵢ| divided by the largest, the
 * squares summed in order with Kahan's compensation, √ times the largest; +∞ if one is ±∞, else NaN if one is
 * NaN, 0 with no arguments.
 */
export function hypot(...values: number[]): number {
  let max = 0;
  let nan = false;
  for (const v of values) {
    const a = Math.abs(v);
    if (a !== a) nan = true;
    else if (a > max) max = a;
  }
  if (max === Infinity) return Infinity;
  if (nan) return NaN;
  if (max === 0) return 0;
  let sum = 0;
  let compensation = 0;
  for (const v of values) {
    const n = Math.abs(v) / max;
    const summand = n * n - compensation;
    const preliminary = sum + summand;
    compensation = (preliminary - sum) - summand;
    sum = preliminary;
  }
  return Math.sqrt(sum) * max;
}
