import { Fragment, type ReactNode } from 'react';
import type { FormulaKey } from '../theoryRows';

/** The papers' one-step closed forms as MathML (native browser rendering, no TeX library). */

const W = () => <mi>ω′</mi>;
const pow = (base: ReactNode, exp: string) => (
  <msup>
    {base}
    <mn>{exp}</mn>
  </msup>
);
const frac = (num: ReactNode, den: ReactNode) => (
  <mfrac>
    <mrow>{num}</mrow>
    <mrow>{den}</mrow>
  </mfrac>
);
const omega1 = (
  <msub>
    <mi>ω</mi>
    <mn>1</mn>
  </msub>
);
const e0 = (
  <msub>
    <mi>e</mi>
    <mn>0</mn>
  </msub>
);
const quarter = frac(<mn>1</mn>, <mn>4</mn>);

/** c₄α⁴ + c₃α³ + c₂α² + c₁α + c₀ with signs written as operators (coefficients of Eqs. 28 and 7). */
function alphaQuartic(c: readonly [number, number, number, number, number]): ReactNode {
  const terms = c.map((k, i) => {
    const power = 4 - i;
    const sign = i === 0 ? (k < 0 ? <mo>−</mo> : null) : <mo>{k < 0 ? '−' : '+'}</mo>;
    const factor = power === 0 ? null : power === 1 ? <mi>α</mi> : pow(<mi>α</mi>, String(power));
    return <Fragment key={power}>{sign}<mn>{Math.abs(k)}</mn>{factor}</Fragment>;
  });
  return <>{terms}</>;
}

/** k (α − 1)²: the denominators of Eqs. 28 and 7. */
function timesAlphaMinusOneSquared(k: number): ReactNode {
  return (
    <>
      <mn>{k}</mn>
      {pow(
        <mrow>
          <mo>(</mo>
          <mi>α</mi>
          <mo>−</mo>
          <mn>1</mn>
          <mo>)</mo>
        </mrow>,
        '2',
      )}
    </>
  );
}

const FORMULAS: Readonly<Record<FormulaKey, ReactNode>> = {
  eq28: (
    <>
      {omega1}
      <mo>=</mo>
      <W />
      <mo>+</mo>
      <mi>μ</mi>
      <mi>h</mi>
      <mo>+</mo>
      {quarter}
      <mi>α</mi>
      {pow(<W />, '3')}
      {pow(<mi>h</mi>, '2')}
      <mo>+</mo>
      <mi>μ</mi>
      {frac(alphaQuartic([10, 3, -12, 11, -4]), timesAlphaMinusOneSquared(16))}
      {pow(<W />, '2')}
      {pow(<mi>h</mi>, '3')}
    </>
  ),
  eq41: (
    <>
      {e0}
      <mo>=</mo>
      <mn>1</mn>
      <mo>−</mo>
      {frac(
        <>
          {pow(<W />, '2')}
          {pow(<mi>h</mi>, '2')}
        </>,
        <mn>8</mn>,
      )}
      <mo>−</mo>
      {frac(
        <>
          <mi>μ</mi>
          <W />
          {pow(<mi>h</mi>, '3')}
        </>,
        <mn>8</mn>,
      )}
    </>
  ),
  eq42: (
    <>
      {omega1}
      <mo>=</mo>
      <W />
      <mo>+</mo>
      <mi>μ</mi>
      <mi>h</mi>
      <mo>+</mo>
      <mi>μ</mi>
      <mi>h</mi>
      <mi>γ</mi>
      <mi>α</mi>
      <mo>(</mo>
      <mn>1</mn>
      <mo>−</mo>
      {e0}
      <mo>)</mo>
    </>
  ),
  'eq6-classical': (
    <>
      {omega1}
      <mo>=</mo>
      <W />
      <mo>+</mo>
      {quarter}
      <mi>α</mi>
      {pow(<W />, '3')}
      {pow(<mi>h</mi>, '2')}
    </>
  ),
  'eq6-modified': (
    <>
      {omega1}
      <mo>=</mo>
      <W />
    </>
  ),
  eq7: (
    <>
      {omega1}
      <mo>=</mo>
      <mi>μ</mi>
      <mi>h</mi>
      <mo>+</mo>
      {frac(alphaQuartic([14, -5, -9, 13, -5]), timesAlphaMinusOneSquared(64))}
      {pow(<mi>μ</mi>, '3')}
      {pow(<mi>h</mi>, '5')}
    </>
  ),
  eq13: (
    <>
      {omega1}
      <mo>=</mo>
      <mi>μ</mi>
      <mi>h</mi>
      <mo>+</mo>
      {frac(
        <>
          <mi>α</mi>
          <mo>(</mo>
          <mn>1</mn>
          <mo>−</mo>
          <mn>2</mn>
          <mi>α</mi>
          <mo>)</mo>
        </>,
        <mn>64</mn>,
      )}
      {pow(<mi>μ</mi>, '3')}
      {pow(<mi>h</mi>, '5')}
    </>
  ),
};

/** One closed form, with its plain-text form as the accessible name. */
export function Formula({ formula, plain }: { formula: FormulaKey; plain: string }) {
  return (
    <math display="inline" aria-label={plain}>
      <mrow>{FORMULAS[formula]}</mrow>
    </math>
  );
}
