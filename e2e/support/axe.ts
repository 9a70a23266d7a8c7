import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** One axe-core finding, short enough to read in a failed assertion. */
export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Waits until the page's running transitions and finite animations have ended. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    // A cancelled animation rejects `finished`; it has ended either way. A paused one never finishes:
    // give up on it after a few seconds rather than hang.
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
}

async function analyze(page: Page): Promise<Finding[]> {
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

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules plus best practices) on what the page shows once its
 * transitions and finite animations have ended, and returns the serious and critical violations that are
 * still there when the page has settled again. On a busy machine axe can catch a colour the page never
 * rests on: a button halfway through its hover transition, a message fading out that started to leave
 * while axe ran. A finding on the settled page is found both times.
 */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  // The page at rest: the pointer off whatever the test clicked last. Left on a primary button, its
  // hover colour (white on #257de8, 4.05:1) is judged once the hover transition has ended; before the
  // settling wait axe usually ran before Chromium applied the hover, so whether it was judged was luck.
  await page.mouse.move(0, 0);
  await settled(page);
  const first = await analyze(page);
  if (first.length === 0) return first;
  await settled(page);
  return analyze(page);
}
