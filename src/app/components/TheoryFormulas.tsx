import { Fragment, type ReactNode } from 'react';
import type { FamilyFormulaKey, FormulaKey } from '../theoryRows';

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

// ---------------------------------------------------------------------------------------------
// The method family's key equations (theoryRows.ts, METHOD_THEORY), written in a small plain notation
// and turned into MathML by one reader, so each equation is written once: `x_n`, `x_{n+1}` subscripts,
// `x^2`, `x^{…}` superscripts, names (exp, α, ė, q̈ …) as identifiers, numbers and operators as such.

/** One token of the plain notation. */
type Token = { kind: 'mi' | 'mn' | 'mo'; text: string } | { kind: 'sub' | 'sup' };

const FUNCTION_NAMES = /^(exp)/;
const NUMBER = /^[0-9]+(\.[0-9]+)?|^[½¼]/;
const OPERATOR = /^[=+−(),/⊗·<>≤≥≈]/;
// A letter with its combining marks (ė, q̈, ω̃) and trailing modifier letters (ᵀ) or subscript digits (θ₀).
const IDENTIFIER = /^[\p{L}∞][\u0300-\u036f]*[₀-₉]*/u;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let rest = text;
  while (rest.length > 0) {
    const c = rest[0];
    let m: RegExpMatchArray | null;
    if (c === ' ') rest = rest.slice(1);
    else if (c === 'ᵀ') {
      // A transpose: a superscript T on what precedes it.
      tokens.push({ kind: 'sup' }, { kind: 'mi', text: 'T' });
      rest = rest.slice(1);
    } else if (c === '_' || c === '^') {
      tokens.push({ kind: c === '_' ? 'sub' : 'sup' });
      rest = rest.slice(1);
    } else if (c === '{' || c === '}') {
      tokens.push({ kind: 'mo', text: c });
      rest = rest.slice(1);
    } else if ((m = rest.match(FUNCTION_NAMES)) || (m = rest.match(IDENTIFIER))) {
      tokens.push({ kind: 'mi', text: m[0] });
      rest = rest.slice(m[0].length);
    } else if ((m = rest.match(NUMBER))) {
      tokens.push({ kind: 'mn', text: m[0] });
      rest = rest.slice(m[0].length);
    } else {
      m = rest.match(OPERATOR);
      const text = m ? m[0] : c;
      tokens.push({ kind: 'mo', text });
      rest = rest.slice(text.length);
    }
  }
  return tokens;
}

/** An identifier, number or operator as its MathML element. */
function atom(t: { kind: 'mi' | 'mn' | 'mo'; text: string }, key: number | undefined): ReactNode {
  if (t.kind === 'mi') return <mi key={key}>{t.text}</mi>;
  if (t.kind === 'mn') return <mn key={key}>{t.text}</mn>;
  // Brackets keep the text's size (MathML would stretch them around tall subscripts).
  const fixed = t.text === '(' || t.text === ')' ? ({ stretchy: 'false' } as object) : {};
  return <mo key={key} {...fixed}>{t.text}</mo>;
}

/** Reads atoms until `}` or the end; `_` and `^` attach the next atom (or braced group) to the previous one. */
function readRow(tokens: Token[], at: { i: number }): ReactNode[] {
  const out: ReactNode[] = [];
  while (at.i < tokens.length) {
    const t = tokens[at.i];
    if (t.kind === 'mo' && t.text === '}') {
      at.i++;
      break;
    }
    at.i++;
    if (!('text' in t)) {
      const base = out.pop() ?? <mrow />;
      const script = readScript(tokens, at);
      const key = out.length;
      out.push(t.kind === 'sub' ? <msub key={key}>{base}{script}</msub> : <msup key={key}>{base}{script}</msup>);
    } else if (t.kind === 'mo' && t.text === '{') {
      out.push(<mrow key={out.length}>{readRow(tokens, at)}</mrow>);
    } else out.push(atom(t, out.length));
  }
  return out;
}

/** A script: a braced group or one token. */
function readScript(tokens: Token[], at: { i: number }): ReactNode {
  const t = tokens[at.i++];
  if (t && t.kind === 'mo' && t.text === '{') return <mrow>{readRow(tokens, at)}</mrow>;
  if (!t || !('text' in t)) return <mrow />;
  return atom(t, undefined);
}

/** MathML of an equation in the plain notation. Example: plainMath('ė_{n+1} = ė_n') */
export function plainMath(text: string): ReactNode {
  return <mrow>{readRow(tokenize(text), { i: 0 })}</mrow>;
}

/** The accessible name of an equation: the notation with its braces dropped (`ė_{n+1}` → `ė_(n+1)`). */
export function plainLabel(text: string): string {
  return text.replace(/_\{([^}]*)\}/g, '_($1)').replace(/\^\{([^}]*)\}/g, '^($1)');
}

/** One key equation of a method (METHOD_THEORY), with its source; `key` names it for tests. */
export function FamilyFormula({ formula, plain, source }: { formula: FamilyFormulaKey; plain: string; source: string }) {
  return (
    <span className="family-formula" data-formula={formula}>
      <math display="inline" aria-label={plainLabel(plain)}>
        {plainMath(plain)}
      </math>{' '}
      <span className="formula-source">({source})</span>
    </span>
  );
}
