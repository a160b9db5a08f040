// The automatic accessibility checks a story runs on a page: axe-core with the WCAG 2.1 A and AA rules,
// keeping what it rates serious or critical (keyboard and focus order are the stories' own steps).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The serious and critical WCAG 2.1 A/AA violations of the page as it is now, with a few nodes each. */
export async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // axe.run in the page itself, instead of a run in each frame finished in a blank page the builder
    // opens: half the time of each check. It skips cross-origin frames, and the only one the shop
    // shows is the owner's Google map on /contact, which is Google's page, not the shop's.
    .setLegacyMode(true)
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? ''}`),
    }));
}
