export const HEADLESS_SHELL: string;
export const FULL_CHROMIUM: string;
export const BROWSER_PACKAGES: string[];
export function testBrowserPath(env?: NodeJS.ProcessEnv): string | null;
export function ensureTestBrowser(env?: NodeJS.ProcessEnv): string | null;
