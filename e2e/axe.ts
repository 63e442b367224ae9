import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const SERIOUS = new Set(['serious', 'critical']);

/** What axe finds on the page as it is now (a dialog open on it, say), named `what`. */
export async function violationsNow(page: Page, what: string): Promise<string[]> {
  const address = what;
  await page.waitForLoadState('networkidle');
  // The screen's data, not its loading message.
  await expect(page.getByText(/^Loading/), address).toHaveCount(0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ''))
    .flatMap((violation) => violation.nodes.map((node) => `${address}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`));
}
