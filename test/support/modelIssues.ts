/** The issues reading a model file's text reports; none when it reads. */
import { readModelText, type ModelIssue } from '../../src/modelfile/read';

export function modelIssues(text: string): readonly ModelIssue[] {
  const result = readModelText(text);
  return result.ok ? [] : result.issues;
}
