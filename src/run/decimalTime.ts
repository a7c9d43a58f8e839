/**
 * Clean times on a grid: n·h as the decimal product of n and h's shortest text (0.0003, not
 * 0.00030000000000000003), for the t column of the rows a run writes.
 */
import { pow } from '../solver/exactMath';
import { formatNumber } from '../scenario/validate';

/**
 * Multiples of x computed in decimal: at(n) is n times x's shortest decimal text, correctly rounded,
 * wherever that is exact in integers (n · digits < 2⁵³, |exponent| ≤ 22); else n·x.
 * Example: new DecimalMultiples(0.1).at(3) === 0.3, where 3 * 0.1 === 0.30000000000000004.
 */
export class DecimalMultiples {
  private readonly digits: number;
  private readonly exponent: number;

  constructor(readonly x: number) {
    const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(formatNumber(Math.abs(x)));
    const fraction = match?.[2] ?? '';
    this.digits = match ? Number(match[1] + fraction) : NaN;
    this.exponent = match ? Number(match[3] ?? 0) - fraction.length : NaN;
  }

  at(n: number): number {
    const product = n * this.digits;
    if (!Number.isSafeInteger(product) || !(Math.abs(this.exponent) <= 22)) return n * this.x;
    const magnitude = this.exponent < 0 ? product / pow(10, -this.exponent) : product * pow(10, this.exponent);
    return this.x < 0 ? -magnitude : magnitude;
  }

  /**
   * t written as the grid time it stands for: the nearest multiple at(n) when t is within a few ulps
   * of it (t = n·x as the solver computes it), else t itself.
   */
  snap(t: number): number {
    const clean = this.at(Math.round(t / this.x));
    return Math.abs(clean - t) <= 4 * Number.EPSILON * Math.abs(t) ? clean : t;
  }
}

/** n·x in decimal (see DecimalMultiples). Example: decimalProduct(3, 0.1) === 0.3. */
export function decimalProduct(n: number, x: number): number {
  return new DecimalMultiples(x).at(n);
}
