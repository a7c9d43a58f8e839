/**
 * Runs one study request and reports through `post`: progress before each run, then the points
 * (or why the study could not be done). Pure apart from `post`; tested in Node.
 */
import { alphaSweep, convergenceStudy, ReferenceRunFailed } from '../solver/studies/convergenceStudy';
import { getScenario } from '../scenario/registry';
import { formatNumber } from '../scenario/validate';
import type { StudyReply, StudyRequest } from './studyProtocol';

export function runStudyRequest({ id, options }: StudyRequest, post: (reply: StudyReply) => void): void {
  const progress = (done: number, total: number, label: string) => post({ kind: 'progress', id, done, total, label });
  try {
    const model = getScenario(options.scenario).buildModel(options.values);
    if (options.kind === 'alpha-sweep') {
      post({ kind: 'alpha-sweep', id, points: alphaSweep(model, options.methods, options.alphas, options.h, options.tEnd, progress) });
      return;
    }
    const { methods, alpha, steps, tEnd, sampleDt, reference } = options;
    post({ kind: 'convergence', id, points: convergenceStudy(model, { methods, alpha, steps, tEnd, sampleDt, reference }, progress) });
  } catch (error) {
    if (error instanceof ReferenceRunFailed && options.kind === 'convergence') {
      const { method, alpha, h } = options.reference;
      post({ kind: 'failed', id, reason: `the reference run (${method}, α = ${formatNumber(alpha)}, h = ${formatNumber(h)}) failed at ${error.failure}` });
      return;
    }
    post({ kind: 'failed', id, reason: error instanceof Error ? error.message : String(error) });
  }
}
