import type { ReactNode } from 'react';
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
      {frac(
        <>
          <mn>10</mn>
          {pow(<mi>α</mi>, '4')}
          <mo>+</mo>
          <mn>3</mn>
          {pow(<mi>α</mi>, '3')}
          <mo>−</mo>
          <mn>12</mn>
          {pow(<mi>α</mi>, '2')}
          <mo>+</mo>
          <mn>11</mn>
          <mi>α</mi>
          <mo>−</mo>
          <mn>4</mn>
        </>,
        <>
          <mn>16</mn>
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
        </>,
      )}
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
      {frac(
        <>
          <mn>14</mn>
          {pow(<mi>α</mi>, '4')}
          <mo>−</mo>
          <mn>5</mn>
          {pow(<mi>α</mi>, '3')}
          <mo>−</mo>
          <mn>9</mn>
          {pow(<mi>α</mi>, '2')}
          <mo>+</mo>
          <mn>13</mn>
          <mi>α</mi>
          <mo>−</mo>
          <mn>5</mn>
        </>,
        <>
          <mn>64</mn>
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
        </>,
      )}
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
