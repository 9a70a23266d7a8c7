import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** One axe-core finding, short enough to read in a failed assertion. */
export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules plus best practices) on what the page shows once its
 * running transitions and finite animations have ended, and returns the serious and critical violations.
 * Judging the settled page matters on a busy machine: a button caught halfway through its colour
 * transition (a hover, antd's click wave) can fail the contrast rule with a colour it never rests on.
 */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    // A cancelled animation rejects `finished`; it has ended either way. A paused one never finishes:
    // give up on it after a few seconds rather than hang.
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    }));
}
