/** MathML Core elements in JSX (rendered natively by the browser; React passes them through). */
import 'react';

type MathMLProps = React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & { display?: 'block' | 'inline' };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      math: MathMLProps;
      mrow: MathMLProps;
      mi: MathMLProps;
      mn: MathMLProps;
      mo: MathMLProps;
      mfrac: MathMLProps;
      msup: MathMLProps;
      msub: MathMLProps;
      mtext: MathMLProps;
    }
  }
}
