// Content-Security-Policy violations a page reports (issue 20 item 1): the browser both logs a refusal
// to the console and fires a `securitypolicyviolation` event; a story collects both, across full page
// loads and client-side navigations, and asserts there were none.
import { expect, type Page } from '@playwright/test';

export interface PolicyViolations {
  /** What was refused so far, in the console's words or the event's directive and source. */
  readonly seen: readonly string[];
  /** Lets the reports of the page's last steps arrive, then asserts nothing was refused. */
  expectNone(when: string): Promise<void>;
}

/** Starts collecting before the page's first document loads: call it before `goto`. */
export async function watchPolicyViolations(page: Page): Promise<PolicyViolations> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('__reportPolicyViolation', (text: string) => seen.push(`event: ${text}`));
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportPolicyViolation: (text: string) => Promise<void> })
      .__reportPolicyViolation;
    window.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
        void report(
          `${event.effectiveDirective} refused ${event.blockedURI || 'inline'}${where} ${event.sample}`.trim(),
        );
      },
      true,
    );
  });
  return {
    seen,
    async expectNone(when: string) {
      // The event (and the console line) come a task after the refusal; a frame and a moment more is enough.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 150))));
      expect(seen, `policy violations ${when}`).toEqual([]);
    },
  };
}
