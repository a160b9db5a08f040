export const FULL_CHROMIUM: string;
export function testBrowserPath(env?: NodeJS.ProcessEnv): string | null;
export function ensureTestBrowser(env?: NodeJS.ProcessEnv): string | null;
