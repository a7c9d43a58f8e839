/**
 * Accessibility audit with Deque's @axe-core/playwright (injects axe into every frame): the
 * violations of impact serious or critical, each as "rule: target" lines so a failure names what
 * to fix.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.help}): ${n.target.join(' ')}`));
}
