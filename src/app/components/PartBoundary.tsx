/**
 * A failure stays where it happened (an error boundary per part of the page: each chart, the 3D view, each tab,
 * the side panels, the header): the part shows what failed, in the page's notice style, with a way back — Try
 * again draws it anew — and the rest of the page goes on working. React reports the error to the console as well.
 */
import { Component, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { PartFault, partFaults } from '../partFaults';

export interface PartBoundaryProps {
  /** The part's name (data-part, and what window.__hht.failPart names): e.g. 'scene', 'chart-omega-classical'. */
  readonly part: string;
  /** What the part is, for the message: e.g. 'The 3D view'. */
  readonly label: string;
  /** The failure notice's extra classes (so it takes the part's place in the layout). */
  readonly className?: string;
  /** A new value draws a failed part anew by itself (e.g. a new run's id: new data may draw). */
  readonly resetKey?: unknown;
  readonly children: ReactNode;
}

interface PartBoundaryState {
  readonly error: string | null;
  /** Bumped by Try again, so the part is mounted afresh. */
  readonly attempt: number;
}

/** The message of anything thrown, in one line of at most 300 characters. */
export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.replace(/\s+/g, ' ').trim() || 'unknown error';
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

export class PartBoundary extends Component<PartBoundaryProps, PartBoundaryState> {
  override state: PartBoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<PartBoundaryState> {
    return { error: errorMessage(error) };
  }

  override componentDidUpdate(previous: PartBoundaryProps): void {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.retry();
  }

  private readonly retry = (): void => {
    this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
  };

  override render(): ReactNode {
    const { part, label, className, children } = this.props;
    if (this.state.error === null) {
      return (
        <PartFaultProbe key={this.state.attempt} part={part}>
          {children}
        </PartFaultProbe>
      );
    }
    return (
      <div className={`notice part-failure${className ? ` ${className}` : ''}`} role="alert" data-testid="part-failure" data-part={part}>
        <p>
          <strong>{label} could not be shown.</strong> {this.state.error}. The rest of the page works on.
        </p>
        <button type="button" onClick={this.retry} data-testid={`part-retry-${part}`}>
          Try again
        </button>
      </div>
    );
  }
}

/** Renders the part, or throws when a test asked it to fail (partFaults.ts). */
function PartFaultProbe({ part, children }: { readonly part: string; readonly children: ReactNode }) {
  const failing = useStore(partFaults, (s) => s.failing.has(part));
  if (failing) throw new PartFault(part);
  return <>{children}</>;
}
